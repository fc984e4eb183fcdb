import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_PERIODS } from '@cd/contracts/analytics';
import { daysBetween, rangeOfReportPeriod } from '@cd/contracts/report-periods';
import { useTranslation } from 'react-i18next';
import type { TReportForm, TReportFormErrors } from '../lib/report-form';
import { rangeLabel } from '../lib/report-format';

type TPeriodForm = Pick<TReportForm, 'type' | 'range' | 'period' | 'from' | 'to'>;

/** The days the choice covers, resolved now in the company's zone: what a reader of the report will see. */
export function resolvedDaysOf(options: { form: TPeriodForm; now: Date; timeZone: string; weekStartsOn: 0 | 1 }): { from: string; to: string } | null {
  const { form } = options;
  if (form.type === 'recurring' || form.range === 'period')
    return rangeOfReportPeriod({ period: form.period, now: options.now, timeZone: options.timeZone, weekStartsOn: options.weekStartsOn });
  if (!form.from || !form.to || form.from > form.to) return null;
  return { from: form.from, to: form.to };
}

/**
 * Period presets (spec §9) or, for a one-time report, a custom from/to of local days; below them the days covered,
 * resolved in the company's time zone (for a recurring report: what a run now would cover).
 */
export function PeriodField(props: {
  form: TPeriodForm;
  errors: TReportFormErrors;
  disabled?: boolean;
  timeZone: string;
  weekStartsOn: 0 | 1;
  now: Date;
  onChange: (patch: Partial<TPeriodForm>) => void;
}) {
  const { t, i18n } = useTranslation();
  const { form, errors } = props;
  const custom = form.type === 'one_time' && form.range === 'custom';
  const days = resolvedDaysOf({ form, now: props.now, timeZone: props.timeZone, weekStartsOn: props.weekStartsOn });
  const count = days ? daysBetween(days).length : 0;
  const pick = (patch: Partial<TPeriodForm>) => !props.disabled && props.onChange(patch);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box role="group" aria-labelledby="report-period-label">
        <FormLabel id="report-period-label" error={Boolean(errors.period)} sx={{ display: 'block', mb: 0.75, fontSize: 14 }}>
          {t('report_period')}
        </FormLabel>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {REPORT_PERIODS.map((p) => {
            const on = !custom && form.period === p;
            return (
              <Chip
                key={p}
                label={t(`report_period_${p}`)}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => pick({ period: p, range: 'period' })}
                aria-pressed={on}
                disabled={props.disabled}
                data-testid={`report-period-${p}`}
              />
            );
          })}
          {form.type === 'one_time' && (
            <Chip
              label={t('report_period_custom')}
              color={custom ? 'primary' : 'default'}
              variant={custom ? 'filled' : 'outlined'}
              onClick={() => pick({ range: 'custom' })}
              aria-pressed={custom}
              disabled={props.disabled}
              data-testid="report-period-custom"
            />
          )}
        </Box>
        {errors.period && (
          <Typography variant="caption" color="error" role="alert">
            {errors.period}
          </Typography>
        )}
      </Box>
      {custom && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxWidth: 520 }}>
          <TextField
            type="date"
            label={t('report_from')}
            value={form.from}
            onChange={(e) => props.onChange({ from: e.target.value })}
            error={Boolean(errors.from)}
            helperText={errors.from}
            disabled={props.disabled}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-from', max: form.to || undefined } }}
          />
          <TextField
            type="date"
            label={t('report_to')}
            value={form.to}
            onChange={(e) => props.onChange({ to: e.target.value })}
            error={Boolean(errors.to)}
            helperText={errors.to}
            disabled={props.disabled}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-to', min: form.from || undefined } }}
          />
        </Box>
      )}
      {days && (
        <Typography variant="body2" color="text.secondary" data-testid="report-resolved-days">
          {t(form.type === 'recurring' ? 'report_days_recurring' : 'report_days_one_time', {
            days: rangeLabel({ ...days, language: i18n.language }),
            count,
            zone: props.timeZone,
          })}
        </Typography>
      )}
    </Box>
  );
}
