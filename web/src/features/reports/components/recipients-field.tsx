import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { REPORT_LIMITS } from '@cd/contracts/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientProblem } from '../lib/report-form';

/**
 * Recipients as chips: an address is added on Enter, comma, semicolon, space or leaving the field, once the server's
 * own e-mail schema accepts it; a bad address stays in the input with the reason under it.
 */
export function RecipientsField(props: { value: string[]; error?: string; disabled?: boolean; onChange: (next: string[]) => void; onClearError: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const tryAdd = (raw: string): boolean => {
    const email = raw.trim();
    if (!email) return true;
    const key = recipientProblem(email, props.value);
    if (key) {
      setProblem(t(key, { max: REPORT_LIMITS.recipients }));
      return false;
    }
    setProblem(null);
    props.onClearError();
    props.onChange([...props.value, email]);
    setInput('');
    return true;
  };

  const shown = problem ?? props.error;
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={props.value}
      inputValue={input}
      disabled={props.disabled}
      onInputChange={(_e, next, reason) => {
        if (reason === 'reset') return;
        setProblem(null);
        // A separator typed (or pasted between addresses) adds what came before it.
        const parts = next.split(/[,;\s]+/);
        if (parts.length > 1) {
          const rest = parts.pop() ?? '';
          // A refused address stays to be corrected, without the separator that tried to add it.
          for (const p of parts) if (!tryAdd(p)) return setInput(next.replace(/[,;\s]+$/, ''));
          return setInput(rest);
        }
        setInput(next);
      }}
      onChange={(_e, next, reason) => {
        if (reason === 'createOption') {
          tryAdd(String(next[next.length - 1] ?? ''));
          return;
        }
        setProblem(null);
        props.onChange(next);
      }}
      renderValue={(value, getItemProps) =>
        value.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={email} {...itemProps} data-testid="report-recipient-chip" />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('report_recipients')}
          placeholder={props.value.length === 0 ? t('report_recipients_placeholder') : undefined}
          error={Boolean(shown)}
          helperText={shown ?? t('report_recipients_help')}
          onBlur={() => tryAdd(input)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: REPORT_LIMITS.email, 'data-testid': 'report-recipients-input' },
          }}
        />
      )}
    />
  );
}
