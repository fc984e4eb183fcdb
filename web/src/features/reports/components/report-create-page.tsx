import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { REPORT_KINDS, type TReport } from '@cd/contracts/reports';
import { weekStartsOnOf } from '@cd/contracts/survey-dates';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError, describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';
import { useCompanyZone } from '../api/get-company-zone';
import { buildReportBody, EMPTY_REPORT_FORM, errorsOfViolations, type TReportForm, type TReportFormErrors } from '../lib/report-form';
import { FiltersField } from './filters-field';
import { PeriodField } from './period-field';
import { RecipientsField } from './recipients-field';
import { ScheduleField } from './schedule-field';

function Section({ title, hint, children, testId }: { title: string; hint?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={testId}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * /reports/new (spec part 2 §2 "report creation screen"): one-time or recurring, kind, a period or (one-time) a range,
 * a schedule, recipients and optional filters; checked with the server's own schema before sending, and the server's
 * 422 shown on the fields it names. Times and days are the company's (its time zone is shown).
 */
export function ReportCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const zone = useCompanyZone(me.companyData?.id ?? null);
  const timeZone = zone.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const weekStartsOn = weekStartsOnOf(zone.data?.country);
  const [now] = useState(() => new Date());
  const create = useCreateReport();
  const [form, setForm] = useState<TReportForm>(() => ({ ...EMPTY_REPORT_FORM, recipients: me.email ? [me.email] : [] }));
  const [errors, setErrors] = useState<TReportFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending;
  const recurring = form.type === 'recurring';

  const patch = (next: Partial<TReportForm>) => {
    setForm((f) => ({ ...f, ...next }));
    // A field's problem goes away as soon as it changes; the next save checks again.
    setErrors((e) => {
      const cleared = { ...e };
      for (const k of Object.keys(next)) delete cleared[k === 'range' ? 'period' : (k as keyof TReportFormErrors)];
      if ('frequency' in next || 'weekdays' in next || 'time' in next) delete cleared.schedule;
      if ('userIds' in next || 'channels' in next) delete cleared.filters;
      return cleared;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const built = buildReportBody(form, t);
    if (!built.ok) return setErrors(built.errors);
    setErrors({});
    create.mutate(built.body, {
      onSuccess: (report: TReport) => {
        toastSuccess(t(report.type === 'recurring' ? 'report_created_recurring' : 'report_created'));
        void navigate('/reports');
      },
      onError: (err) => {
        if (!(err instanceof ApiError)) return setFormError(t('report_create_failed'));
        const next = errorsOfViolations(err.violations, t);
        if (Object.keys(next).length > 0) return setErrors(next);
        setFormError(describeError(err.body, t));
      },
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 820,
        mx: 'auto',
        width: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
      data-testid="report-create-page"
      aria-labelledby="report-create-title"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button component={RouterLink} to="/reports" startIcon={<ArrowBack />} size="small" sx={{ ml: -1 }}>
          {t('menu_reports')}
        </Button>
      </Box>
      <Typography variant="h5" component="h1" id="report-create-title" sx={{ fontWeight: 700, mt: -1 }}>
        {t('report_new')}
      </Typography>
      {zone.isError && <Alert severity="warning">{t('report_zone_unknown', { zone: timeZone })}</Alert>}

      <Section title={t('report_section_what')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <Box>
            <FormLabel id="report-type-label" sx={{ fontSize: 14 }}>
              {t('report_type')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="report-type-label"
              value={form.type}
              onChange={(e) => patch({ type: e.target.value as TReportForm['type'], range: 'period' })}
            >
              {(['recurring', 'one_time'] as const).map((v) => (
                <FormControlLabel
                  key={v}
                  value={v}
                  disabled={busy}
                  control={<Radio size="small" slotProps={{ input: { 'data-testid': `report-type-${v}` } as object }} />}
                  label={
                    <span>
                      {t(`report_type_${v}`)}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`report_type_${v}_help`)}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                />
              ))}
            </RadioGroup>
          </Box>
          <Box>
            <FormLabel id="report-kind-label" error={Boolean(errors.kind)} sx={{ fontSize: 14 }}>
              {t('report_kind')}
            </FormLabel>
            <RadioGroup aria-labelledby="report-kind-label" value={form.kind} onChange={(e) => patch({ kind: e.target.value as TReportForm['kind'] })}>
              {REPORT_KINDS.map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  disabled={busy}
                  control={<Radio size="small" slotProps={{ input: { 'data-testid': `report-kind-${k}` } as object }} />}
                  label={
                    <span>
                      {t(`report_kind_${k}`)}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`report_kind_${k}_help`)}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                />
              ))}
            </RadioGroup>
            {errors.kind && (
              <Typography variant="caption" color="error" role="alert">
                {errors.kind}
              </Typography>
            )}
          </Box>
        </Box>
      </Section>

      <Section title={t('report_section_period')}>
        <PeriodField form={form} errors={errors} disabled={busy} timeZone={timeZone} weekStartsOn={weekStartsOn} now={now} onChange={patch} />
      </Section>

      {recurring && (
        <Section title={t('report_section_schedule')} testId="report-schedule-section">
          <ScheduleField form={form} errors={errors} disabled={busy} timeZone={timeZone} onChange={patch} />
        </Section>
      )}

      <Section title={t('report_section_recipients')} hint={t(recurring ? 'report_recipients_hint_recurring' : 'report_recipients_hint_one_time')}>
        <RecipientsField
          value={form.recipients}
          error={errors.recipients}
          disabled={busy}
          onChange={(recipients) => patch({ recipients })}
          onClearError={() => setErrors((e) => ({ ...e, recipients: undefined }))}
        />
      </Section>

      <Section title={t('report_section_filters')} hint={t('report_filters_hint')}>
        <FiltersField userIds={form.userIds} channels={form.channels} error={errors.filters} disabled={busy} onChange={patch} />
      </Section>

      {formError && (
        <Alert severity="error" data-testid="report-form-error">
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pb: 2 }}>
        <Button component={RouterLink} to="/reports" disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="report-submit"
        >
          {t(recurring ? 'report_create_recurring' : 'report_create_one_time')}
        </Button>
      </Box>
    </Box>
  );
}
