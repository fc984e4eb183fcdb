import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCompanies } from '../../api/get-companies';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type TCompanyChoice = { id: number; name: string };

/**
 * A super admin's company picker: type part of a name, choose from the matching companies (asked again as
 * typing pauses). The chosen company stays among the options even when the current page does not hold it.
 */
export function CompanyPicker(props: {
  value: TCompanyChoice | null;
  onChange: (c: TCompanyChoice | null) => void;
  label: string;
  placeholder?: string;
  testId: string;
  width?: number;
}) {
  const { value } = props;
  const width = props.width ?? 220;
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, 300);
  // While the input shows the chosen name, list every company rather than that one alone.
  const companies = useCompanies({ params: { page: 1, itemsPerPage: 30, name: value && name === value.name ? '' : name } });
  const options: TCompanyChoice[] = (companies.data?.member ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (value && !options.some((o) => o.id === value.id)) options.unshift(value);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, v) => props.onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(o) => o}
      loading={companies.isFetching}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ minWidth: width, flex: `1 1 ${width}px` }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={props.label}
          placeholder={props.placeholder}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId } }}
        />
      )}
    />
  );
}
