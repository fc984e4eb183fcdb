import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TInternalChatColleague } from '@cd/contracts/internal-chat';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { personName } from '../lib/chat-cache';

const label = (c: TInternalChatColleague) => personName(c) || c.email;

function renderColleague(props: React.HTMLAttributes<HTMLLIElement> & { key?: string }, c: TInternalChatColleague) {
  const { key, ...rest } = props;
  return (
    <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid={`ichat-colleague-option-${c.id}`}>
      <InitialsAvatar person={c} size={30} />
      <ListItemText primary={label(c)} secondary={c.email} />
    </Box>
  );
}

interface TCommon {
  options: TInternalChatColleague[];
  loading: boolean;
  error?: string | null;
  label: string;
  autoFocus?: boolean;
  testId: string;
}

/** Pick one colleague (new chat). */
export function ColleaguePicker({ value, onChange, ...p }: TCommon & { value: TInternalChatColleague | null; onChange: (c: TInternalChatColleague | null) => void }) {
  const { t } = useTranslation();
  return (
    <Autocomplete<TInternalChatColleague, false, false, false>
      options={p.options}
      loading={p.loading}
      value={value}
      onChange={(_, v) => onChange(v)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => filterColleagues(opts, state.inputValue)}
      noOptionsText={t('ichat_no_colleagues')}
      loadingText={t('loading')}
      renderOption={(props, c) => renderColleague(props as never, c)}
      renderInput={(params) => (
        <TextField {...params} label={p.label} autoFocus={p.autoFocus} error={!!p.error} helperText={p.error ?? ' '} margin="dense" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': p.testId } }} />
      )}
    />
  );
}

/** Pick several colleagues (group members). */
export function ColleaguesPicker({ value, onChange, ...p }: TCommon & { value: TInternalChatColleague[]; onChange: (c: TInternalChatColleague[]) => void }) {
  const { t } = useTranslation();
  return (
    <Autocomplete<TInternalChatColleague, true, false, false>
      multiple
      disableCloseOnSelect
      options={p.options}
      loading={p.loading}
      value={value}
      onChange={(_, v) => onChange(v)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => filterColleagues(opts, state.inputValue)}
      noOptionsText={t('ichat_no_colleagues')}
      loadingText={t('loading')}
      renderOption={(props, c) => renderColleague(props as never, c)}
      renderInput={(params) => (
        <TextField {...params} label={p.label} autoFocus={p.autoFocus} error={!!p.error} helperText={p.error ?? ' '} margin="dense" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': p.testId } }} />
      )}
    />
  );
}

/** Matches first name, last name, full name or email, case-insensitively. */
export function filterColleagues(options: TInternalChatColleague[], input: string): TInternalChatColleague[] {
  const q = input.trim().toLowerCase();
  if (!q) return options;
  return options.filter((c) => `${c.firstName} ${c.lastName} ${c.email}`.toLowerCase().includes(q));
}
