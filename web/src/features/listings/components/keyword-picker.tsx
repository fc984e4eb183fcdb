import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAvailableKeywords } from '../api/get-available-keywords';

export type TKeywordOption = { id: number; name: string };

/**
 * Only AVAILABLE keywords are offered (spec part 2 §4); `current` (the listing's own keyword, when editing) is kept
 * in the list so the field can show it. Typing narrows the list; the server still refuses a keyword taken meanwhile.
 */
export function KeywordPicker(props: {
  value: number | null;
  onChange: (id: number | null) => void;
  current?: TKeywordOption | null;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const keywords = useAvailableKeywords();
  const options: TKeywordOption[] = (keywords.data ?? []).map((k) => ({ id: k.id, name: k.name }));
  if (props.current && !options.some((o) => o.id === props.current?.id)) options.unshift(props.current);
  const selected = options.find((o) => o.id === props.value) ?? null;
  const helper =
    props.error ??
    (keywords.isError ? t('listing_keywords_load_failed') : !keywords.isPending && options.length === 0 ? t('listing_no_available_keywords') : undefined);
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={keywords.isPending}
      disabled={props.disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => props.onChange(v?.id ?? null)}
      noOptionsText={t('listing_no_available_keywords')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('listing_field_keyword')}
          required={props.required}
          autoFocus={props.autoFocus}
          error={Boolean(props.error) || keywords.isError}
          helperText={helper}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'listing-keyword-input' } }}
        />
      )}
      data-testid="listing-keyword-picker"
    />
  );
}
