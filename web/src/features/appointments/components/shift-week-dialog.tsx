import { useState, type FormEvent } from 'react';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EMPTY_SHIFT_WEEK, type TShift, type TShiftWeek, type TWorkingHours } from '@cd/contracts/appointment';
import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateWorkingHours } from '../api/create-working-hours';
import { useReplaceWorkingHours } from '../api/replace-working-hours';
import { copyDay, MAX_SHIFTS_PER_DAY, nextShift, normalizeWeek, shiftErrorsOfViolations, validateShiftWeek, type TShiftErrors } from '../lib/shift-week';

export interface TScheduleUser {
  id: number;
  name: string;
}

interface TProps {
  /** The record being edited, or null to add shifts for one of `users`. */
  record: TWorkingHours | null;
  /** Users without shifts yet (offered when adding). */
  users: readonly TScheduleUser[];
  onClose: () => void;
}

const WORKDAYS: readonly TWeekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];

/**
 * A user's week of shifts: per weekday any number of intervals (24-hour HH:mm, the company's wall clock), checked in
 * the browser with the server's own rule (contracts ZShiftWeekSchema: no overlap, not the same start and end, end
 * after start) before the call. Mount it only while open, so each opening starts from the saved week.
 */
export function ShiftWeekDialog({ record, users, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateWorkingHours();
  const replace = useReplaceWorkingHours();
  const [week, setWeek] = useState<TShiftWeek>(() => normalizeWeek(record?.days ?? EMPTY_SHIFT_WEEK));
  const [userId, setUserId] = useState<string>(() => (record ? '' : String(users[0]?.id ?? '')));
  // Errors show after the first save attempt, then follow every change.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<TShiftErrors>({});
  const busy = create.isPending || replace.isPending;
  const errors = checked ? { ...serverErrors, ...validateShiftWeek(week) } : serverErrors;
  const message = (path: string) => (errors[path] ? t(errors[path]!, { defaultValue: errors[path] }) : undefined);

  const change = (next: TShiftWeek) => {
    setWeek(next);
    setServerErrors({});
  };
  const setDay = (day: TWeekday, shifts: TShift[]) => change({ ...week, [day]: shifts });

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 422) setServerErrors(shiftErrorsOfViolations(error.violations));
    else if (error.status === 409) setServerErrors({ general: 'schedule_user_has_shifts' });
  };
  const onSuccess = () => {
    toastSuccess(t('success'));
    onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setChecked(true);
    if (!record && !userId) {
      setServerErrors({ user: 'schedule_user_required' });
      return;
    }
    if (Object.keys(validateShiftWeek(week)).length) return;
    if (!record) {
      create.mutate({ userId: Number(userId), days: week }, { onSuccess, onError });
      return;
    }
    if (JSON.stringify(week) === JSON.stringify(normalizeWeek(record.days))) {
      toast.warning(t('no_changes'));
      return;
    }
    replace.mutate({ id: record.id, days: week }, { onSuccess, onError });
  };

  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={record ? t('schedule_shifts_of', { name: record.userName }) : t('schedule_shifts_add')}
      name="shift-week"
      submitLabel={t('save')}
      submitTestId="shift-week-submit"
      busy={busy}
      maxWidth="md"
      contentGap={1}
    >
      {message('general') && (
        <Alert severity="error" data-testid="shift-week-error">
          {message('general')}
        </Alert>
      )}
      {!record && (
        <TextField
          select
          label={t('schedule_user')}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          error={!!message('user')}
          helperText={message('user')}
          slotProps={{ htmlInput: { 'data-testid': 'shift-week-user' } }}
          sx={{ mt: 1, maxWidth: 360 }}
        >
          {users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('schedule_shifts_hint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {WEEKDAYS.map((day) => (
          <Box
            component="li"
            key={day}
            data-testid={`shift-day-${day}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '130px 1fr' },
              gap: { xs: 1, sm: 2 },
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Box sx={{ pt: { sm: 1 } }}>
              <Typography sx={{ fontWeight: 600 }}>{t(`weekday_${day}`)}</Typography>
              {day === 'monday' && week.monday.length > 0 && (
                <Button
                  size="small"
                  startIcon={<ContentCopy fontSize="small" />}
                  onClick={() => change(copyDay({ week, from: 'monday', to: WORKDAYS }))}
                  sx={{ ml: -0.5, mt: 0.5, textAlign: 'left' }}
                  data-testid="shift-copy-monday"
                >
                  {t('schedule_copy_monday')}
                </Button>
              )}
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              {week[day].length === 0 && (
                <Typography color="text.secondary" sx={{ pt: { sm: 1 } }} data-testid={`shift-${day}-off`}>
                  {t('schedule_day_off')}
                </Typography>
              )}
              {week[day].map((shift, i) => {
                const set = (patch: Partial<TShift>) =>
                  setDay(
                    day,
                    week[day].map((s, j) => (j === i ? { ...s, ...patch } : s)),
                  );
                const timeField = (field: 'startsAt' | 'endsAt') => {
                  const error = message(`${day}.${i}.${field}`);
                  return (
                    <TextField
                      size="small"
                      label={field === 'startsAt' ? t('starts_at') : t('ends_at')}
                      value={shift[field]}
                      onChange={(e) => set({ [field]: e.target.value })}
                      error={!!error}
                      helperText={error}
                      placeholder="HH:mm"
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': `shift-${day}-${i}-${field === 'startsAt' ? 'start' : 'end'}` },
                      }}
                      sx={{ width: 150 }}
                    />
                  );
                };
                return (
                  <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                    {timeField('startsAt')}
                    {timeField('endsAt')}
                    <IconButton
                      aria-label={`${t('remove_interval')}: ${t(`weekday_${day}`)} ${shift.startsAt}–${shift.endsAt}`}
                      onClick={() =>
                        setDay(
                          day,
                          week[day].filter((_, j) => j !== i),
                        )
                      }
                      data-testid={`shift-${day}-${i}-remove`}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                );
              })}
              <Box>
                <Button
                  size="small"
                  startIcon={<Add />}
                  disabled={week[day].length >= MAX_SHIFTS_PER_DAY}
                  onClick={() => setDay(day, [...week[day], nextShift(week[day])])}
                  data-testid={`shift-${day}-add`}
                >
                  {t('schedule_add_shift')}
                </Button>
              </Box>
              {message(day) && (
                <FormHelperText error data-testid={`shift-${day}-error`}>
                  {message(day)}
                </FormHelperText>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </FormDialog>
  );
}
