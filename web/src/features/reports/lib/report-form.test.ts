import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildReportBody, EMPTY_REPORT_FORM, errorsOfViolations, fieldOfPath, recipientProblem, reportBodyOf, type TReportForm } from './report-form';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const form = (patch: Partial<TReportForm>): TReportForm => ({ ...EMPTY_REPORT_FORM, recipients: ['boss@example.com'], ...patch });

describe('the report form', () => {
  it('sends a recurring report with its period, weekdays in calendar order and no range', () => {
    const built = buildReportBody(form({ weekdays: ['thursday', 'monday'], time: '06:30', period: 'wtd', channels: ['sms_provider'] }), t);
    expect(built).toEqual({
      ok: true,
      body: {
        type: 'recurring',
        kind: 'usage_and_response_time',
        period: 'wtd',
        from: null,
        to: null,
        schedule: { frequency: 'weekly', weekdays: ['monday', 'thursday'], time: '06:30' },
        recipients: ['boss@example.com'],
        filters: { userIds: [], channels: ['sms_provider'] },
      },
    });
  });

  it('sends hourly and first-of-month schedules in their own shape', () => {
    expect(reportBodyOf(form({ frequency: 'hourly' })).schedule).toEqual({ frequency: 'hourly' });
    expect(reportBodyOf(form({ frequency: 'monthly_first', time: '08:00' })).schedule).toEqual({ frequency: 'monthly_first', time: '08:00' });
  });

  it('sends a one-time report over chosen days without a schedule, or over a period', () => {
    const custom = buildReportBody(form({ type: 'one_time', range: 'custom', from: '2026-11-01', to: '2026-11-15', recipients: [] }), t);
    expect(custom.ok && custom.body).toMatchObject({ type: 'one_time', period: null, from: '2026-11-01', to: '2026-11-15', schedule: null, recipients: [] });
    const period = buildReportBody(form({ type: 'one_time', range: 'period', period: 'last_month', from: '2026-11-01' }), t);
    expect(period.ok && period.body).toMatchObject({ period: 'last_month', from: null, to: null });
  });

  it('shows the schema’s problems on their fields, in words of the catalogue', () => {
    const recurring = buildReportBody(form({ recipients: [], weekdays: [] }), t);
    expect(recurring).toEqual({
      ok: false,
      errors: { weekdays: 'Choose at least one weekday.', recipients: 'A recurring report needs at least one recipient.' },
    });
    const backwards = buildReportBody(form({ type: 'one_time', range: 'custom', from: '2026-11-15', to: '2026-11-01' }), t);
    expect(backwards).toEqual({ ok: false, errors: { to: 'The start day must not be after the end day.' } });
    const missing = buildReportBody(form({ type: 'one_time', range: 'custom', from: '', to: '' }), t);
    expect(missing).toEqual({ ok: false, errors: { from: 'Choose a period or both days.' } });
  });

  it('puts the server’s 422 violations on their fields', () => {
    expect(fieldOfPath('recipients.2')).toBe('recipients');
    expect(fieldOfPath('schedule.weekdays')).toBe('weekdays');
    expect(fieldOfPath('filters.userIds.0')).toBe('filters');
    expect(
      errorsOfViolations(
        [
          { propertyPath: 'recipients.1', message: 'This value is not a valid email address.' },
          { propertyPath: 'kind', message: 'The survey module is not enabled for this company.' },
          { propertyPath: 'filters.userIds.0', message: 'Unknown user.' },
        ],
        t,
      ),
    ).toEqual({
      recipients: 'This is not a valid e-mail address.',
      kind: 'The survey module is not enabled for this company.',
      filters: 'Unknown user.',
    });
  });

  it('checks a typed recipient with the server’s schema, refusing duplicates and a full list', () => {
    expect(recipientProblem('not-an-email', [])).toBe('report_error_email');
    expect(recipientProblem('a@b', [])).toBe('report_error_email');
    expect(recipientProblem(' Boss@Example.com ', ['boss@example.com'])).toBe('report_error_recipient_duplicate');
    expect(
      recipientProblem(
        'x@example.com',
        Array.from({ length: 20 }, (_, i) => `u${i}@example.com`),
      ),
    ).toBe('report_error_recipients_max');
    expect(recipientProblem('new@example.com', ['boss@example.com'])).toBeNull();
  });
});
