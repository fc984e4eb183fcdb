import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';

interface TProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  error?: string;
  hint?: string;
  testId: string;
  disabled?: boolean;
}

/** A free list of short values (e-mail addresses, phone numbers) as chips: Enter, comma or leaving the field adds
 * what was typed; a chip's × removes it. Duplicates are ignored. */
export function ChipListInput({ label, value, onChange, placeholder, error, hint, testId, disabled }: TProps) {
  const [input, setInput] = useState('');
  const add = (raw: string) => {
    const items = raw.split(/[,;\n]+/).map((s) => s.trim()).filter(Boolean);
    const next = [...value];
    for (const item of items) if (!next.includes(item)) next.push(item);
    if (next.length !== value.length) onChange(next);
    setInput('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      disabled={disabled}
      options={[]}
      value={value}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' && /[,;]/.test(text)) add(text);
        else setInput(text);
      }}
      onChange={(_, next) => {
        onChange([...new Set(next.map((s) => s.trim()).filter(Boolean))]);
        setInput('');
      }}
      onBlur={() => input.trim() && add(input)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          placeholder={value.length ? undefined : placeholder}
          error={!!error}
          helperText={error ?? hint}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
