import { EMPTY_SHIFT_WEEK, ZShiftWeekSchema, type TShift, type TShiftWeek } from '@cd/contracts/appointment';
import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';

/** The most shifts a day may hold (contracts ZShiftWeekSchema). */
export const MAX_SHIFTS_PER_DAY = 8;

/** Contract and server messages of shifts → catalogue keys (unknown messages are shown as sent). */
const SHIFT_MESSAGE_KEYS: Record<string, string> = {
  'Shifts cannot overlap.': 'schedule_shifts_overlap',
  'A shift cannot begin and end at the same time.': 'schedule_shift_same_time',
  'End cannot be before start.': 'schedule_shift_end_before_start',
  'Time must be HH:mm.': 'schedule_time_format',
  'At most 8 shifts a day.': 'schedule_shifts_max',
};

export function shiftMessageKey(message: string): string {
  return SHIFT_MESSAGE_KEYS[message] ?? message;
}

/** Errors keyed by the path the server's 422 uses under `days` (`monday.1.endsAt`, `monday` for an overlap). */
export type TShiftErrors = Record<string, string>;

/** Checks a week with the server's own schema; each path keeps its first message, as a catalogue key. */
export function validateShiftWeek(week: TShiftWeek): TShiftErrors {
  const result = ZShiftWeekSchema.safeParse(week);
  if (result.success) return {};
  const errors: TShiftErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= shiftMessageKey(issue.message);
  return errors;
}

/** A 422 of POST/PUT /api/working_hours: `days.monday.0.endsAt` → `monday.0.endsAt`; anything else under `general`. */
export function shiftErrorsOfViolations(violations: readonly { propertyPath: string; message: string }[]): TShiftErrors {
  const errors: TShiftErrors = {};
  for (const v of violations) {
    const path = v.propertyPath.startsWith('days.') ? v.propertyPath.slice('days.'.length) : 'general';
    errors[path] ??= shiftMessageKey(v.message);
  }
  return errors;
}

/** A copy of a week with every day present (an old record may lack one), each day's shifts in start order. */
export function normalizeWeek(week: Partial<TShiftWeek> | null | undefined): TShiftWeek {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, [...(week?.[d] ?? EMPTY_SHIFT_WEEK[d])].sort((a, b) => a.startsAt.localeCompare(b.startsAt))]),
  ) as TShiftWeek;
}

const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new shift after the day's last one (08:00–16:00 on an empty day), kept inside the day. */
export function nextShift(shifts: readonly TShift[]): TShift {
  const last = shifts.at(-1);
  if (!last || !/^\d{2}:\d{2}$/.test(last.endsAt)) return { startsAt: '08:00', endsAt: '16:00' };
  const start = Math.min(toMinutes(last.endsAt) + 30, 23 * 60);
  return { startsAt: toTime(start), endsAt: toTime(Math.min(start + 4 * 60, 23 * 60 + 59)) };
}

/** The same shifts on every day of `days`, copied from one day (the editor's "copy to weekdays"). */
export function copyDay(options: { week: TShiftWeek; from: TWeekday; to: readonly TWeekday[] }): TShiftWeek {
  const source = options.week[options.from];
  return Object.fromEntries(WEEKDAYS.map((d) => [d, options.to.includes(d) ? source.map((s) => ({ ...s })) : options.week[d]])) as TShiftWeek;
}

/** Hours a week holds (valid shifts only), for the list's summary. */
export function weeklyMinutes(week: TShiftWeek): number {
  let total = 0;
  for (const d of WEEKDAYS) for (const s of week[d]) total += Math.max(0, toMinutes(s.endsAt) - toMinutes(s.startsAt));
  return total;
}
