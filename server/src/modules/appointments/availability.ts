import { instantOfWallClock } from '@cd/contracts/automation-schedule';
import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import type { TShiftWeek } from '@cd/contracts/appointment';

/**
 * Free appointment times, computed from what the database holds (docs/appointments.md "Availability"). Pure: the
 * caller reads the schedule once and this walks it, so a month of slots costs a handful of statements.
 *
 * Company hours are `HH:mm` in UTC, as the spec stores them (part 2 §3 "Hours"; the vehicle-ready page reads them the
 * same way), on the company's local calendar day. Shifts are the company's local wall clock (a person works 08:00–17:00
 * all year). Every comparison is made on instants, so a daylight-saving day has its real length.
 */

export interface TCompanyDay {
  isOffDay: boolean;
  intervals: { startsAt: string; endsAt: string }[];
}
export type TCompanyWeek = Partial<Record<TWeekday, TCompanyDay>>;

/** Something that holds time: `u:<user id>`, `r:<resource id>:<unit>`, or `c` (the company without shifts). */
export interface TBusy {
  subject: string;
  start: number;
  end: number;
}

export interface TSchedule {
  timeZone: string;
  hours: TCompanyWeek;
  /** Shifts per user id. A company with none books against its hours alone, one appointment at a time. */
  shifts: ReadonlyMap<number, TShiftWeek>;
  /** Days off per user id: inclusive `YYYY-MM-DD` ranges. */
  vacations: ReadonlyMap<number, readonly { first: string; last: string }[]>;
  busy: readonly TBusy[];
  /** The resources the chosen services need (one unit each for the whole appointment). */
  resources: readonly { id: number; capacity: number }[];
}

export interface TFreeTime {
  start: number;
  end: number;
  /** Appointments that still fit: free assignees, limited by the free units of each needed resource. */
  capacity: number;
  /** The free assignees (user ids); empty for a company without shifts. */
  assignees: number[];
  /** Per needed resource, its free unit numbers. */
  units: Map<number, number[]>;
}

export const COMPANY_SUBJECT = 'c';
export const userSubject = (userId: number) => `u:${userId}`;
export const unitSubject = (resourceId: number, unit: number) => `r:${resourceId}:${unit}`;

const MINUTE = 60_000;

/** Monday-first weekday of a `YYYY-MM-DD` day. */
export function weekdayOf(day: string): TWeekday {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(d + 6) % 7]!;
}

/** The days from `from` to `to` inclusive. */
export function daysOf(options: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${options.from}T00:00:00Z`), end = Date.parse(`${options.to}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const wallOf = (day: string, hhmm: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm);
};

/** The instant of `HH:mm` on a day in the company's time zone. */
export function instantOf(options: { day: string; hhmm: string; timeZone: string }): number {
  return instantOfWallClock({ wall: wallOf(options.day, options.hhmm), timeZone: options.timeZone }).getTime();
}

/** Wall clock → instant, `instantOf` with each day's UTC offset looked up once. */
export type TWallClock = (day: string, hhmm: string) => number;

/**
 * A TWallClock for one computation. Asking the time zone database is the costly part of a month of slots (20 people ×
 * 30 days × each shift's ends, each a formatToParts or three), so a day whose local midnight and next midnight have the
 * same offset (every day but a daylight-saving change) maps every time by that offset; a change day asks per time.
 */
export function clockOfZone(timeZone: string): TWallClock {
  if (timeZone === 'UTC') return wallOf;
  const offsets = new Map<string, number | null>();
  return (day, hhmm) => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      const midnight = wallOf(day, '00:00');
      const next = midnight + 86_400_000;
      const a = midnight - instantOfWallClock({ wall: midnight, timeZone }).getTime();
      const b = next - instantOfWallClock({ wall: next, timeZone }).getTime();
      offsets.set(day, (offset = a === b ? a : null));
    }
    return offset === null ? instantOf({ day, hhmm, timeZone }) : wallOf(day, hhmm) - offset;
  };
}

type TSpan = { start: number; end: number };

function spansOf(day: string, intervals: readonly { startsAt: string; endsAt: string }[], clock: TWallClock): TSpan[] {
  return intervals.map((iv) => ({ start: clock(day, iv.startsAt), end: clock(day, iv.endsAt) }));
}

const within = (spans: readonly TSpan[], start: number, end: number) => spans.some((s) => s.start <= start && end <= s.end);

function onVacation(vacations: readonly { first: string; last: string }[] | undefined, day: string): boolean {
  return vacations?.some((v) => v.first <= day && day <= v.last) ?? false;
}

/** The company's opening spans of a local day (none on an off day): its UTC `HH:mm` on that date. */
export function companySpansOf(schedule: TSchedule, day: string): TSpan[] {
  const h = schedule.hours[weekdayOf(day)];
  if (!h || h.isOffDay) return [];
  return spansOf(day, h.intervals, wallOf);
}

/** Whether the company opens on any weekday (spec §8 "Company has no working days"). */
export function hasWorkingDays(hours: TCompanyWeek): boolean {
  return WEEKDAYS.some((d) => {
    const h = hours[d];
    return !!h && !h.isOffDay && h.intervals.length > 0;
  });
}

/** One subject's busy times by start, with the latest end up to each one (a subject's times may overlap: holds, moves). */
export interface TBusyList {
  starts: number[];
  latestEnds: number[];
}

/** Busy intervals per subject. */
export function indexBusy(busy: readonly TBusy[]): Map<string, TBusyList> {
  const grouped = new Map<string, TBusy[]>();
  for (const b of busy) {
    let list = grouped.get(b.subject);
    if (!list) grouped.set(b.subject, (list = []));
    list.push(b);
  }
  const map = new Map<string, TBusyList>();
  for (const [subject, list] of grouped) {
    list.sort((a, b) => a.start - b.start);
    let latest = -Infinity;
    map.set(subject, { starts: list.map((b) => b.start), latestEnds: list.map((b) => (latest = Math.max(latest, b.end))) });
  }
  return map;
}

/**
 * Free for [start, end) when nothing that starts before `end` ends after `start`: a binary search, since a month of
 * slots asks this for every person at every step.
 */
function isFree(list: TBusyList | undefined, start: number, end: number): boolean {
  if (!list) return true;
  let lo = 0;
  let hi = list.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list.starts[mid]! < end) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 || list.latestEnds[lo - 1]! <= start;
}

interface TDayPlan {
  day: string;
  company: TSpan[];
  /** Per user who works that day and is not away: their shift spans. */
  staff: { userId: number; spans: TSpan[] }[];
}

function planDay(schedule: TSchedule, day: string, assigneeId: number | undefined, clock: TWallClock): TDayPlan {
  const company = companySpansOf(schedule, day);
  const weekday = weekdayOf(day);
  const staff: TDayPlan['staff'] = [];
  if (company.length > 0) {
    for (const [userId, week] of schedule.shifts) {
      if (assigneeId !== undefined && userId !== assigneeId) continue;
      const shifts = week[weekday];
      if (shifts.length === 0 || onVacation(schedule.vacations.get(userId), day)) continue;
      staff.push({ userId, spans: spansOf(day, shifts, clock) });
    }
  }
  return { day, company, staff };
}

/**
 * Who and what is free for exactly [start, end) on `day`, or null when the time is outside the company's hours.
 * Assignees must have a shift covering the whole time and no vacation that day; `busy` decides the rest.
 */
function freeAt(schedule: TSchedule, plan: TDayPlan, busy: Map<string, TBusyList>, start: number, end: number): TFreeTime | null {
  if (!within(plan.company, start, end)) return null;
  const withoutShifts = schedule.shifts.size === 0;
  const assignees: number[] = [];
  let people: number;
  if (withoutShifts) people = isFree(busy.get(COMPANY_SUBJECT), start, end) ? 1 : 0;
  else {
    for (const s of plan.staff) if (within(s.spans, start, end) && isFree(busy.get(userSubject(s.userId)), start, end)) assignees.push(s.userId);
    people = assignees.length;
  }
  let capacity = people;
  const units = new Map<number, number[]>();
  for (const r of schedule.resources) {
    const free: number[] = [];
    for (let unit = 1; unit <= r.capacity; unit++) if (isFree(busy.get(unitSubject(r.id, unit)), start, end)) free.push(unit);
    units.set(r.id, free);
    capacity = Math.min(capacity, free.length);
  }
  return { start, end, capacity, assignees, units };
}

/**
 * The free slots of each day from `from` to `to`: starts on `granularity`-minute steps from each opening of the
 * company, at least `safeZone` minutes after `now`, lasting `duration` minutes inside one opening span.
 */
export function computeSlots(options: {
  schedule: TSchedule;
  from: string;
  to: string;
  durationMinutes: number;
  granularity: number;
  safeZoneMinutes: number;
  now: Date;
  assigneeId?: number;
}): { date: string; slots: TFreeTime[] }[] {
  const { schedule, durationMinutes, granularity } = options;
  const busy = indexBusy(schedule.busy);
  const earliest = options.now.getTime() + options.safeZoneMinutes * MINUTE;
  const clock = clockOfZone(schedule.timeZone);
  return daysOf(options).map((day) => {
    const plan = planDay(schedule, day, options.assigneeId, clock);
    const slots: TFreeTime[] = [];
    const seen = new Set<number>();
    for (const span of plan.company) {
      for (let start = span.start; start + durationMinutes * MINUTE <= span.end; start += granularity * MINUTE) {
        if (start < earliest || seen.has(start)) continue;
        seen.add(start);
        const free = freeAt(schedule, plan, busy, start, start + durationMinutes * MINUTE);
        if (free && free.capacity > 0) slots.push(free);
      }
    }
    slots.sort((a, b) => a.start - b.start);
    return { date: day, slots };
  });
}

/**
 * Who and what could take an appointment at exactly [start, end) (staff picking any time, or a held slot), before
 * the database's exclusion constraint has the last word on overlaps. Null when outside the company's hours.
 */
export function freeForTime(options: { schedule: TSchedule; day: string; start: number; end: number; assigneeId?: number }): TFreeTime | null {
  const plan = planDay(options.schedule, options.day, options.assigneeId, clockOfZone(options.schedule.timeZone));
  return freeAt(options.schedule, plan, indexBusy(options.schedule.busy), options.start, options.end);
}
