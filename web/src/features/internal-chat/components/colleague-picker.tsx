import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
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

/** What the single and the multiple picker share: options, search, labels and the input. */
function useCommonPickerProps(p: TCommon) {
  const { t } = useTranslation();
  return {
    options: p.options,
    loading: p.loading,
    getOptionLabel: label,
    isOptionEqualToValue: (a: TInternalChatColleague, b: TInternalChatColleague) => a.id === b.id,
    filterOptions: (opts: TInternalChatColleague[], state: { inputValue: string }) => filterColleagues(opts, state.inputValue),
    noOptionsText: t('ichat_no_colleagues'),
    loadingText: t('loading'),
    renderOption: (props: object, c: TInternalChatColleague) => renderColleague(props as never, c),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={p.label} autoFocus={p.autoFocus} error={!!p.error} helperText={p.error ?? ' '} margin="dense" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': p.testId } }} />
    ),
  };
}

/** Pick one colleague (new chat). */
export function ColleaguePicker({ value, onChange, ...p }: TCommon & { value: TInternalChatColleague | null; onChange: (c: TInternalChatColleague | null) => void }) {
  return (
    <Autocomplete<TInternalChatColleague, false, false, false>
      {...useCommonPickerProps(p)}
      value={value}
      onChange={(_, v) => onChange(v)}
    />
  );
}

/** Pick several colleagues (group members). */
export function ColleaguesPicker({ value, onChange, ...p }: TCommon & { value: TInternalChatColleague[]; onChange: (c: TInternalChatColleague[]) => void }) {
  return (
    <Autocomplete<TInternalChatColleague, true, false, false>
      multiple
      disableCloseOnSelect
      {...useCommonPickerProps(p)}
      value={value}
      onChange={(_, v) => onChange(v)}
    />
  );
}

/** Matches first name, last name, full name or email, case-insensitively. */
export function filterColleagues(options: TInternalChatColleague[], input: string): TInternalChatColleague[] {
  const q = input.trim().toLowerCase();
  if (!q) return options;
  return options.filter((c) => `${c.firstName} ${c.lastName} ${c.email}`.toLowerCase().includes(q));
}
