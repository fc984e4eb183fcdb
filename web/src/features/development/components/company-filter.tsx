import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../../api/get-companies';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCompanyName } from '../api/get-company-name';

type TCompanyChoice = { id: string; name: string };

/** The company filter: the super admin searches companies by name; the address holds the id only. */
export function CompanyFilter({ value, onChange, testId }: { value: string | null; onChange: (id: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, 300);
  const chosenName = useCompanyName(value);
  const chosen: TCompanyChoice | null = value ? { id: value, name: chosenName.data ?? `#${value}` } : null;
  const companies = useCompanies({ params: { page: 1, itemsPerPage: 30, name: chosen && name === chosen.name ? '' : name } });
  const options: TCompanyChoice[] = (companies.data?.member ?? []).map((c) => ({ id: String(c.id), name: c.name }));
  if (chosen && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);
  return (
    <Autocomplete
      options={options}
      value={chosen}
      onChange={(_e, v) => onChange(v?.id ?? null)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(o) => o}
      loading={companies.isFetching}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ minWidth: 220, flex: '1 1 220px' }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('dev_company')}
          placeholder={t('dev_all_companies')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
