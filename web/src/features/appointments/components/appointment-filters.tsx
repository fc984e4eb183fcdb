import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, type TAppointmentStatus } from '@cd/contracts/appointment-constants';
import { idOfIri, statusColorOf, type TAssigneeOption } from '../lib/appointment-view';
import { toggleStatus, type TAssigneeFilter } from '../lib/calendar-search';

/** Whose appointments (everyone, unassigned, one person) and which statuses (none chosen: all). */
export function AppointmentFilters(props: {
  assignee: TAssigneeFilter;
  statuses: TAppointmentStatus[];
  assignees: TAssigneeOption[];
  onAssignee: (assignee: TAssigneeFilter) => void;
  onStatuses: (statuses: TAppointmentStatus[]) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const value = String(props.assignee);
  // A user from the address who is not among the options still shows by id rather than as a blank field.
  const known = props.assignee === 'all' || props.assignee === 'none' || props.assignees.some((a) => idOfIri(a.iri) === props.assignee);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={t('appointments_filter_assignee')}
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          props.onAssignee(v === 'all' || v === 'none' ? v : Number(v));
        }}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'appointments-filter-assignee' } }}
      >
        <MenuItem value="all">{t('appointments_filter_everyone')}</MenuItem>
        <MenuItem value="none">{t('appointments_filter_unassigned')}</MenuItem>
        {props.assignees.map((a) => (
          <MenuItem key={a.iri} value={String(idOfIri(a.iri))}>
            {a.name}
          </MenuItem>
        ))}
        {!known && <MenuItem value={value}>{`#${value}`}</MenuItem>}
      </TextField>
      <Box role="group" aria-label={t('appointments_filter_status')} sx={{ display: 'flex', gap: 0.75, overflowX: 'auto', pb: 0.25 }}>
        {APPOINTMENT_STATUSES.map((s) => {
          const on = props.statuses.includes(s);
          const color = statusColorOf({ palette: theme.palette, status: s });
          return (
            <Chip
              key={s}
              size="small"
              label={t(`appointment_status_${s}`)}
              aria-pressed={on}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => props.onStatuses(toggleStatus(props.statuses, s))}
              icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color.background, ml: '8px !important' }} />}
              sx={on ? { bgcolor: color.background, color: color.text, '&:hover': { bgcolor: color.background, filter: 'brightness(0.95)' } } : undefined}
              data-testid={`appointments-filter-status-${s}`}
            />
          );
        })}
      </Box>
    </Box>
  );
}
