import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type TCompany, type THours, type TWeekday } from '@cd/contracts/company';
import { useSettingsForm } from '../hooks/use-settings-form';
import { settingsMessageKey } from '../lib/company-choices';
import { validateHours } from '../lib/hours-errors';
import { SettingsSection } from './settings-section';

const toValues = (company: TCompany) => ({ hours: company.hours });

/** general_data → working hours: per weekday an off-day switch and intervals, typed and shown as 24-hour HH:mm (a
 * native time input would follow the browser's 12-hour locale); validated in the browser with the server's own rule (contracts ZHoursSchema) before the call. */
export function WorkingHoursForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const form = useSettingsForm({ company, toValues, validate: (v) => validateHours(v.hours) });
  // View mode shows the company as cached now (it may have been refetched since the form was opened).
  const hours = form.editing ? form.values.hours : company.hours;
  const message = (path: string) => {
    const m = form.errors[path];
    return m ? t(settingsMessageKey({ path, message: m }), { defaultValue: m }) : undefined;
  };

  const setDay = (day: TWeekday, next: THours[TWeekday]) => form.setValues({ hours: { ...hours, [day]: next } });

  return (
    <SettingsSection
      title={t('working_hours')}
      testId="working-hours"
      form={form}
    >
      {message('hours') && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="working-hours-error">
          {message('hours')}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {WEEKDAYS.map((day) => {
          const d = hours[day];
          const dayError = message(`hours.${day}.intervals`) ?? message(`hours.${day}`);
          return (
            <Box
              component="li"
              key={day}
              data-testid={`hours-${day}`}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
                gap: { xs: 1, sm: 2 },
                py: 1.5,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{t(`weekday_${day}`)}</Typography>
                {form.editing && (
                  <FormControlLabel
                    control={
                      <Switch
                        size="small"
                        checked={d.isOffDay}
                        onChange={(e) => setDay(day, { ...d, isOffDay: e.target.checked })}
                        slotProps={{ input: { 'data-testid': `hours-${day}-off` } as object }}
                      />
                    }
                    label={t('off_day')}
                    sx={{ ml: -0.5 }}
                  />
                )}
              </Box>
              <Box>
                {!form.editing ? (
                  <Typography color={d.isOffDay || d.intervals.length === 0 ? 'text.secondary' : 'text.primary'} data-testid={`hours-${day}-view`}>
                    {d.isOffDay || d.intervals.length === 0
                      ? t('closed')
                      : d.intervals.map((iv) => `${iv.startsAt}–${iv.endsAt}`).join(', ')}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, opacity: d.isOffDay ? 0.5 : 1 }}>
                    {d.intervals.map((iv, i) => {
                      const endError = message(`hours.${day}.intervals.${i}.endsAt`);
                      const startError = message(`hours.${day}.intervals.${i}.startsAt`);
                      const setInterval = (patch: Partial<typeof iv>) =>
                        setDay(day, { ...d, intervals: d.intervals.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
                      return (
                        <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                          <TextField
                                                        size="small"
                            label={t('starts_at')}
                            value={iv.startsAt}
                            disabled={d.isOffDay}
                            onChange={(e) => setInterval({ startsAt: e.target.value })}
                            error={!!startError}
                            helperText={startError}
                            placeholder="HH:mm"
                            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': `hours-${day}-${i}-start` } }}
                            sx={{ width: 150 }}
                          />
                          <TextField
                                                        size="small"
                            label={t('ends_at')}
                            value={iv.endsAt}
                            disabled={d.isOffDay}
                            onChange={(e) => setInterval({ endsAt: e.target.value })}
                            error={!!endError}
                            helperText={endError}
                            placeholder="HH:mm"
                            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': `hours-${day}-${i}-end` } }}
                            sx={{ width: 150 }}
                          />
                          <IconButton
                            aria-label={t('remove_interval')}
                            disabled={d.isOffDay}
                            onClick={() => setDay(day, { ...d, intervals: d.intervals.filter((_, j) => j !== i) })}
                            data-testid={`hours-${day}-${i}-remove`}
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
                        disabled={d.isOffDay || d.intervals.length >= 12}
                        onClick={() => setDay(day, { ...d, intervals: [...d.intervals, nextInterval(d.intervals)] })}
                        data-testid={`hours-${day}-add`}
                      >
                        {t('add_interval')}
                      </Button>
                    </Box>
                  </Box>
                )}
                {dayError && (
                  <FormHelperText error data-testid={`hours-${day}-error`}>
                    {dayError}
                  </FormHelperText>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </SettingsSection>
  );
}

/** A new interval starts one hour after the day's last one ends (09:00–17:00 on an empty day), capped at 23:59. */
function nextInterval(intervals: THours[TWeekday]['intervals']): { startsAt: string; endsAt: string } {
  const last = intervals[intervals.length - 1];
  if (!last) return { startsAt: '09:00', endsAt: '17:00' };
  const [h, m] = last.endsAt.split(':').map(Number) as [number, number];
  const start = Math.min(h + 1, 22);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { startsAt: `${pad(start)}:${pad(m)}`, endsAt: `${pad(Math.min(start + 1, 23))}:${pad(m)}` };
}
