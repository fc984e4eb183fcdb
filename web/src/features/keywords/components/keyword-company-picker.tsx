import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../../api/get-companies';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export type TCompanyChoice = { id: number; name: string };

/** The company whose keywords are shown: the super admin searches companies by name. */
export function KeywordCompanyPicker({ value, onChange }: { value: TCompanyChoice | null; onChange: (c: TCompanyChoice | null) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, 300);
  const companies = useCompanies({ params: { page: 1, itemsPerPage: 30, name: value && name === value.name ? '' : name } });
  const options: TCompanyChoice[] = (companies.data?.member ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (value && !options.some((o) => o.id === value.id)) options.unshift(value);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(o) => o}
      loading={companies.isFetching}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ minWidth: 260, flex: '1 1 260px' }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('keywords_company')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'keywords-company' } }}
        />
      )}
    />
  );
}
