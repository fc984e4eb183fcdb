import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import type { TReportSchedule } from '@cd/contracts/reports';
import { useTranslation } from 'react-i18next';
import type { TReportForm, TReportFormErrors } from '../lib/report-form';
import { scheduleInWords, sortedWeekdays } from '../lib/schedule-words';

const FREQUENCIES = ['weekly', 'monthly_first', 'hourly'] as const;

/** A weekday's short name in the reader's language (2023-01-02 was a Monday). */
function shortDay(day: TWeekday, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 2 + WEEKDAYS.indexOf(day)));
}

/** Spec §9 schedules: weekly on the chosen weekdays at a time, the first of the month at a time, or every hour. */
export function ScheduleField(props: {
  form: Pick<TReportForm, 'frequency' | 'weekdays' | 'time'>;
  errors: TReportFormErrors;
  disabled?: boolean;
  timeZone: string;
  onChange: (patch: Partial<Pick<TReportForm, 'frequency' | 'weekdays' | 'time'>>) => void;
}) {
  const { t, i18n } = useTranslation();
  const { form, errors } = props;
  const schedule: TReportSchedule =
    form.frequency === 'hourly'
      ? { frequency: 'hourly' }
      : form.frequency === 'monthly_first'
        ? { frequency: 'monthly_first', time: form.time }
        : { frequency: 'weekly', weekdays: sortedWeekdays(form.weekdays), time: form.time };
  const words = form.frequency === 'weekly' && form.weekdays.length === 0 ? '' : scheduleInWords({ schedule, t, language: i18n.language });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <FormLabel id="report-frequency-label" sx={{ display: 'block', mb: 0.75, fontSize: 14 }}>
          {t('report_frequency')}
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={form.frequency}
          disabled={props.disabled}
          onChange={(_e, v: TReportForm['frequency'] | null) => v && props.onChange({ frequency: v })}
          aria-labelledby="report-frequency-label"
          sx={{ flexWrap: 'wrap' }}
        >
          {FREQUENCIES.map((f) => (
            <ToggleButton key={f} value={f} data-testid={`report-frequency-${f}`} sx={{ textTransform: 'none', px: 2 }}>
              {t(`report_frequency_${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {form.frequency === 'weekly' && (
        <Box>
          <FormLabel id="report-weekdays-label" error={Boolean(errors.weekdays)} sx={{ display: 'block', mb: 0.75, fontSize: 14 }}>
            {t('report_weekdays')}
          </FormLabel>
          <ToggleButtonGroup
            size="small"
            color="primary"
            value={form.weekdays}
            disabled={props.disabled}
            onChange={(_e, v: TWeekday[]) => props.onChange({ weekdays: sortedWeekdays(v) })}
            aria-labelledby="report-weekdays-label"
            sx={{ flexWrap: 'wrap' }}
          >
            {WEEKDAYS.map((d) => (
              <ToggleButton
                key={d}
                value={d}
                aria-label={t(`report_weekdays_${d}`)}
                data-testid={`report-weekday-${d}`}
                sx={{ minWidth: 48, textTransform: 'none' }}
              >
                {shortDay(d, i18n.language)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {errors.weekdays && <FormHelperText error>{errors.weekdays}</FormHelperText>}
        </Box>
      )}
      {form.frequency !== 'hourly' && (
        <TextField
          type="time"
          label={t('report_time')}
          value={form.time}
          onChange={(e) => props.onChange({ time: e.target.value })}
          error={Boolean(errors.time)}
          helperText={errors.time ?? t('report_time_help', { zone: props.timeZone })}
          disabled={props.disabled}
          sx={{ maxWidth: 260 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'data-testid': 'report-time' } }}
        />
      )}
      {errors.schedule && <FormHelperText error>{errors.schedule}</FormHelperText>}
      {words && (
        <Typography variant="body2" color="text.secondary" data-testid="report-schedule-words">
          {t('report_schedule_preview', { schedule: words })}
        </Typography>
      )}
    </Box>
  );
}
