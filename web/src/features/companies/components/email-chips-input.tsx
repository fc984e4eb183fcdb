import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { addEmails } from '../lib/survey-questions';

interface TProps {
  label: string;
  value: string[];
  onChange: (emails: string[]) => void;
  error?: string;
  helperText?: string;
  testId: string;
}

/** E-mail addresses as chips: Enter, comma, space or leaving the field adds what was typed; invalid text stays with an error. */
export function EmailChipsInput({ label, value, onChange, error, helperText, testId }: TProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);

  const commit = (text: string) => {
    const result = addEmails(value, text);
    if (result.emails.length !== value.length) onChange(result.emails);
    setInvalid(result.invalid);
    setInput(result.invalid.join(' '));
  };

  const message = invalid.length ? t('emails_invalid', { emails: invalid.join(', ') }) : error;

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason !== 'input') return;
        if (/[\s,;]$/.test(next)) commit(next);
        else {
          setInput(next);
          if (invalid.length) setInvalid([]);
        }
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') commit(String(next[next.length - 1] ?? ''));
        else onChange(next.map(String));
      }}
      renderValue={(emails, getItemProps) =>
        emails.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={email} {...itemProps} data-testid={`${testId}-chip`} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          onBlur={() => input.trim() && commit(input)}
          error={!!message}
          helperText={message ?? helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, type: 'email' } }}
        />
      )}
    />
  );
}
