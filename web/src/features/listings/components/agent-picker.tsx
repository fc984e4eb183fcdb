import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useColleagues } from '../../../api/get-colleagues';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/format';

/** The signed-in user and their colleagues, by name; "" is nobody. */
export function useAgentOptions(): { id: number; label: string }[] {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const colleagues = useColleagues();
  return useMemo(
    () => [
      { id: me.id, label: `${fullName(me) || me.email} (${t('me')})` },
      ...(colleagues.data ?? []).map((c) => ({ id: c.id, label: fullName(c) || c.email })),
    ],
    [colleagues.data, me, t],
  );
}

/** The listing's agent: who is told about new leads. `currentLabel` shows an agent no longer listed (disabled user). */
export function AgentPicker(props: {
  value: number | null;
  onChange: (id: number | null) => void;
  currentLabel?: string | null;
  disabled?: boolean;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const options = useAgentOptions();
  return (
    <TextField
      select
      label={t('listing_field_agent')}
      value={props.value === null ? '' : String(props.value)}
      onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error}
      slotProps={{ htmlInput: { 'data-testid': props.testId ?? 'listing-agent' } }}
    >
      <MenuItem value="">{t('nobody')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.label}
        </MenuItem>
      ))}
      {props.value !== null && !options.some((o) => o.id === props.value) && (
        <MenuItem value={String(props.value)}>{props.currentLabel ?? `#${props.value}`}</MenuItem>
      )}
    </TextField>
  );
}
