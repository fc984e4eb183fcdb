import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MESSAGING_SEARCH_MIN, useMessagingCustomerSearch } from '../api/search-messaging-customers';

/** A messaging customer as the picker shows it. */
export type TLinkedCustomer = { id: number; name: string; phone: string | null };

export function linkedCustomerLabel(c: TLinkedCustomer): string {
  return c.phone ? `${c.name} · ${formatPhone(c.phone)}` : c.name;
}

/**
 * The messaging customer a trade account's texts go to: searched by name or phone as the user types (debounced),
 * each option with its phone, clearable (button or Escape). Arrow keys and Enter pick, as in any MUI autocomplete.
 */
export function MessagingCustomerPicker(props: {
  value: TLinkedCustomer | null;
  onChange: (value: TLinkedCustomer | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(props.value ? linkedCustomerLabel(props.value) : '');
  // The chosen customer's label sits in the input: that text is not a search.
  const typed = props.value && input === linkedCustomerLabel(props.value) ? '' : input;
  const debounced = useDebouncedValue(typed, 300);
  const search = useMessagingCustomerSearch(debounced);
  const long = typed.trim().length >= MESSAGING_SEARCH_MIN;
  const waiting = long && (debounced !== typed || search.isFetching);
  const options = long && debounced === typed ? (search.data ?? []) : [];

  const noOptionsText = !long ? t('parts_link_type_to_search') : search.isError ? t('parts_load_error') : t('parts_link_no_match');
  return (
    <Autocomplete<TLinkedCustomer>
      options={options}
      value={props.value}
      onChange={(_e, c) => props.onChange(c ? { id: c.id, name: c.name, phone: c.phone } : null)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      // The server filters; the options are shown as they come.
      filterOptions={(x) => x}
      getOptionLabel={linkedCustomerLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={waiting}
      loadingText={t('parts_link_searching')}
      noOptionsText={noOptionsText}
      clearOnEscape
      autoHighlight
      disabled={props.disabled}
      clearText={t('parts_link_clear')}
      renderOption={(liProps, c) => (
        <li {...liProps} key={c.id} data-testid={`parts-link-option-${c.id}`}>
          <Box>
            <Typography variant="body2">{c.name}</Typography>
            {c.phone && (
              <Typography variant="caption" color="text.secondary">
                {formatPhone(c.phone)}
              </Typography>
            )}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('parts_field_link')}
          error={Boolean(props.error)}
          helperText={props.error ?? (props.value ? undefined : t('parts_link_help'))}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'parts-customer-link' } }}
        />
      )}
    />
  );
}
