import dayjs from 'dayjs';

export type TScheduleCheck = { ok: true; iso: string | null } | { ok: false; reason: 'past' | 'invalid' };

/**
 * Spec part 1 §5: a scheduled message needs a future date and time. `value` is a `datetime-local` value
 * (`YYYY-MM-DDTHH:mm`, local time); empty means "send now".
 */
export function checkSchedule(value: string | null | undefined, now: Date = new Date()): TScheduleCheck {
  if (!value) return { ok: true, iso: null };
  const d = dayjs(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !d.isValid()) return { ok: false, reason: 'invalid' };
  if (!d.isAfter(dayjs(now))) return { ok: false, reason: 'past' };
  return { ok: true, iso: d.toISOString() };
}

/** `datetime-local` value of a date (for `min` and defaults). */
export function toLocalInputValue(d: Date): string {
  return dayjs(d).format('YYYY-MM-DDTHH:mm');
}
