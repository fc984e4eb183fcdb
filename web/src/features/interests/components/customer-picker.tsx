import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { useCustomerSearch } from '../../../api/search-customers';
import { formatPhone } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** One character would match most customers: the search starts at two. */
const SEARCH_MIN = 2;

/**
 * Picks a customer to add to the category, searched by name or phone as the user types (debounced). Customers already
 * in it are not offered. Picking adds at once and the field empties for the next one.
 */
export function CustomerPicker({ exclude, onPick, disabled }: { exclude: ReadonlySet<number>; onPick: (c: TCustomerSimple) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const debounced = useDebouncedValue(input.trim(), 300);
  const long = input.trim().length >= SEARCH_MIN;
  const search = useCustomerSearch({ search: debounced, enabled: debounced.length >= SEARCH_MIN });
  const options = long && debounced === input.trim() ? (search.data ?? []).filter((c) => !exclude.has(c.id)) : [];
  const waiting = long && (debounced !== input.trim() || search.isFetching);
  return (
    <Autocomplete<TCustomerSimple>
      options={options}
      value={null}
      onChange={(_e, c) => {
        if (!c) return;
        onPick(c);
        setInput('');
      }}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== 'reset' && setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={waiting}
      loadingText={t('interests_searching')}
      noOptionsText={!long ? t('interests_type_to_search') : search.isError ? t('interests_load_failed') : t('interests_no_customer_match')}
      autoHighlight
      clearOnEscape
      disabled={disabled}
      renderOption={(liProps, c) => (
        <li {...liProps} key={c.id} data-testid={`interest-customer-option-${c.id}`}>
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
          size="small"
          label={t('interests_add_member')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'interest-add-member' } }}
        />
      )}
    />
  );
}
