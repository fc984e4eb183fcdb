import type { TReportPeriod } from '@cd/contracts/analytics';
import { ANALYTICS_MESSAGES } from '@cd/contracts/analytics';
import type { TWeekday } from '@cd/contracts/company';
import { REPORT_LIMITS, REPORT_MESSAGES, ZReportCreateSchema, ZReportRecipientSchema, type TReportKind } from '@cd/contracts/reports';
import { sortedWeekdays } from './schedule-words';

/** What the creation screen edits, as chosen. A recurring report always covers a period; a one-time one a period or days. */
export interface TReportForm {
  type: 'one_time' | 'recurring';
  kind: TReportKind;
  range: 'period' | 'custom';
  period: TReportPeriod;
  from: string;
  to: string;
  frequency: 'weekly' | 'monthly_first' | 'hourly';
  weekdays: TWeekday[];
  time: string;
  recipients: string[];
  userIds: number[];
  channels: string[];
}

export type TReportField = 'type' | 'kind' | 'period' | 'from' | 'to' | 'schedule' | 'weekdays' | 'time' | 'recipients' | 'filters';
export type TReportFormErrors = Partial<Record<TReportField, string>>;

export const EMPTY_REPORT_FORM: TReportForm = {
  type: 'recurring',
  kind: 'usage_and_response_time',
  range: 'period',
  period: 'last_7_days',
  from: '',
  to: '',
  frequency: 'weekly',
  weekdays: ['monday'],
  time: '07:00',
  recipients: [],
  userIds: [],
  channels: [],
};

/** The contract's messages (the same the server answers in a 422) → catalogue keys, so every language reads them. */
const MESSAGE_KEYS: Record<string, string> = {
  [REPORT_MESSAGES.recurringNeedsSchedule]: 'report_error_schedule',
  [REPORT_MESSAGES.recurringNeedsPeriod]: 'report_error_period',
  [REPORT_MESSAGES.recurringNeedsRecipients]: 'report_error_recipients_required',
  [REPORT_MESSAGES.duplicateRecipient]: 'report_error_recipient_duplicate',
  [REPORT_MESSAGES.surveysModuleOff]: 'report_error_surveys_off',
  [ANALYTICS_MESSAGES.rangeOrPeriod]: 'report_error_range_required',
  [ANALYTICS_MESSAGES.rangeOrder]: 'report_error_range_order',
  [ANALYTICS_MESSAGES.rangeTooLong]: 'report_error_range_too_long',
  'This value is not a valid email address.': 'report_error_email',
  'Choose at least one weekday.': 'report_error_weekdays',
  'Time must be HH:mm.': 'report_error_time',
  'Expected a day as YYYY-MM-DD.': 'report_error_day',
  [`At most ${REPORT_LIMITS.recipients} recipients.`]: 'report_error_recipients_max',
};

type TTranslate = (key: string, options?: Record<string, unknown>) => string;

/** A contract or server message in the reader's language; a message the catalogue does not know is shown as it came. */
export function translateReportMessage(message: string, t: TTranslate): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(key, { max: REPORT_LIMITS.recipients }) : message;
}

/** A violation's path ("recipients.2", "schedule.weekdays", "filters.userIds.0") → the field that shows it. */
export function fieldOfPath(path: string): TReportField {
  const [head, second] = path.split('.');
  if (head === 'schedule' && (second === 'weekdays' || second === 'time')) return second;
  if (
    head === 'type' ||
    head === 'kind' ||
    head === 'period' ||
    head === 'from' ||
    head === 'to' ||
    head === 'schedule' ||
    head === 'recipients' ||
    head === 'filters'
  )
    return head;
  return 'kind';
}

/** The POST /api/reports body the form stands for (before validation). */
export function reportBodyOf(form: TReportForm): Record<string, unknown> {
  const recurring = form.type === 'recurring';
  const usePeriod = recurring || form.range === 'period';
  const schedule = !recurring
    ? null
    : form.frequency === 'hourly'
      ? { frequency: 'hourly' }
      : form.frequency === 'monthly_first'
        ? { frequency: 'monthly_first', time: form.time }
        : { frequency: 'weekly', weekdays: sortedWeekdays(form.weekdays), time: form.time };
  return {
    type: form.type,
    kind: form.kind,
    period: usePeriod ? form.period : null,
    from: usePeriod ? null : form.from || null,
    to: usePeriod ? null : form.to || null,
    schedule,
    recipients: form.recipients,
    filters: { userIds: form.userIds, channels: form.channels },
  };
}

/** The body when the contract's schema (the server's) accepts it, else the first problem per field, translated. */
export function buildReportBody(form: TReportForm, t: TTranslate): { ok: true; body: Record<string, unknown> } | { ok: false; errors: TReportFormErrors } {
  const body = reportBodyOf(form);
  const parsed = ZReportCreateSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: TReportFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.join('.'));
    errors[field] ??= translateReportMessage(issue.message, t);
  }
  return { ok: false, errors };
}

/** The server's 422 violations on their fields (first per field), translated where the catalogue knows them. */
export function errorsOfViolations(violations: readonly { propertyPath: string; message: string }[], t: TTranslate): TReportFormErrors {
  const errors: TReportFormErrors = {};
  for (const v of violations) errors[fieldOfPath(v.propertyPath)] ??= translateReportMessage(v.message, t);
  return errors;
}

/**
 * A recipient typed into the chips field: trimmed, checked with the server's own schema, refused when already there
 * (case-insensitively) or when the list is full. Returns the catalogue key of the problem, or null when it may be added.
 */
export function recipientProblem(email: string, recipients: readonly string[]): string | null {
  const value = email.trim();
  if (!ZReportRecipientSchema.safeParse(value).success) return 'report_error_email';
  if (recipients.some((r) => r.toLowerCase() === value.toLowerCase())) return 'report_error_recipient_duplicate';
  if (recipients.length >= REPORT_LIMITS.recipients) return 'report_error_recipients_max';
  return null;
}
