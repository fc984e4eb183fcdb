import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCustomerTags } from '../../../api/get-customer-tags';
import { useAudienceGroups, useAudienceInterests } from '../api/get-audience-options';
import type { TAudiencePick } from '../lib/audience';

type TOption = { id: number; name: string; count: number };

/** One multi-select of the audience (arrow keys, Enter and Backspace work as in any MUI autocomplete). */
function MultiPick(props: {
  label: string;
  testId: string;
  options: TOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading: boolean;
  failed: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // Picked items the list no longer has (deleted since) still show, by number, so they can be removed.
  const byId = new Map(props.options.map((o) => [o.id, o]));
  const value = props.value.map((id) => byId.get(id) ?? { id, name: `#${id}`, count: 0 });
  return (
    <Autocomplete<TOption, true>
      multiple
      options={props.options}
      value={value}
      onChange={(_e, picked) => props.onChange(picked.map((o) => o.id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={props.loading}
      loadingText={t('offers_audience_loading')}
      noOptionsText={props.failed ? t('offers_audience_failed') : t('offers_audience_none')}
      disabled={props.disabled}
      autoHighlight
      filterSelectedOptions
      renderOption={(liProps, o) => (
        <li {...liProps} key={o.id} data-testid={`${props.testId}-option-${o.id}`}>
          <Box sx={{ flex: 1 }}>{o.name}</Box>
          <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
            {o.count}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId } }}
        />
      )}
    />
  );
}

/** Who gets the offer: any mix of interest categories, customer tags and customer groups (a customer in several counts once). */
export function AudiencePicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: TAudiencePick;
  onChange: (next: TAudiencePick) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const interests = useAudienceInterests();
  const groups = useAudienceGroups();
  const tags = useCustomerTags();
  const tagOptions = (tags.data ?? []).map((tag) => tag.name);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} role="group" aria-label={t('offers_audience')}>
      <MultiPick
        label={t('offers_audience_interests')}
        testId="offer-audience-interests"
        options={(interests.data ?? []).map((i) => ({ id: i.id, name: i.name, count: i.memberCount }))}
        value={value.interestIds}
        onChange={(interestIds) => onChange({ ...value, interestIds })}
        loading={interests.isPending}
        failed={interests.isError}
        disabled={disabled}
      />
      <Autocomplete<string, true>
        multiple
        options={tagOptions}
        value={value.tagNames}
        onChange={(_e, tagNames) => onChange({ ...value, tagNames })}
        loading={tags.isPending}
        loadingText={t('offers_audience_loading')}
        noOptionsText={t('offers_audience_none')}
        disabled={disabled}
        autoHighlight
        filterSelectedOptions
        renderOption={(liProps, name) => {
          const count = tags.data?.find((tag) => tag.name === name)?.count;
          return (
            <li {...liProps} key={name}>
              <Box sx={{ flex: 1 }}>{name}</Box>
              {count !== undefined && (
                <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                  {count}
                </Box>
              )}
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('offers_audience_tags')}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'offer-audience-tags' } }}
          />
        )}
      />
      <MultiPick
        label={t('offers_audience_groups')}
        testId="offer-audience-groups"
        options={(groups.data ?? []).map((g) => ({ id: g.id, name: g.name, count: g.memberCount }))}
        value={value.groupIds}
        onChange={(groupIds) => onChange({ ...value, groupIds })}
        loading={groups.isPending}
        failed={groups.isError}
        disabled={disabled}
      />
      {error && (
        <Box sx={{ color: 'error.main', typography: 'caption' }} role="alert" data-testid="offer-audience-error">
          {error}
        </Box>
      )}
    </Box>
  );
}
