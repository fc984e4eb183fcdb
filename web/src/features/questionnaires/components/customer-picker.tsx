import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { formatPhone } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CUSTOMER_SEARCH_MIN, useCustomerSearch } from '../api/search-customers';

const labelOf = (c: TCustomerSimple) => (c.phone ? `${c.name} · ${formatPhone(c.phone)}` : c.name);

/** The customer or lead a questionnaire goes to: searched by name or phone as the user types (debounced). */
export function CustomerPicker(props: { value: TCustomerSimple | null; onChange: (c: TCustomerSimple | null) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = props.value && input === labelOf(props.value) ? '' : input;
  const debounced = useDebouncedValue(typed, 300);
  const search = useCustomerSearch(debounced);
  const long = typed.trim().length >= CUSTOMER_SEARCH_MIN;
  const options = long && debounced === typed ? (search.data ?? []) : [];
  const noOptionsText = !long ? t('questionnaires_type_to_search') : search.isError ? t('questionnaires_load_error') : t('questionnaires_no_customer_match');
  return (
    <Autocomplete<TCustomerSimple>
      options={options}
      value={props.value}
      onChange={(_e, c) => props.onChange(c)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={long && (debounced !== typed || search.isFetching)}
      loadingText={t('loading')}
      noOptionsText={noOptionsText}
      clearOnEscape
      autoHighlight
      disabled={props.disabled}
      renderOption={(liProps, c) => (
        <li {...liProps} key={c.id} data-testid={`questionnaire-customer-option-${c.id}`}>
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
          label={t('questionnaires_customer')}
          error={Boolean(props.error)}
          helperText={props.error}
          autoFocus
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'questionnaire-customer' } }}
        />
      )}
    />
  );
}
