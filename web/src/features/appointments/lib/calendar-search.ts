import { APPOINTMENT_STATUSES, CALENDAR_MAX_DAYS, type TAppointmentStatus } from '@cd/contracts/appointment-constants';

/** The calendar's views (issue 16): day and week on a time grid, the month, and a list of the week. */
export const CALENDAR_VIEWS = ['day', 'week', 'month', 'list'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

/** FullCalendar's view names for ours. */
export const FULLCALENDAR_VIEW: Readonly<Record<TCalendarView, string>> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  list: 'listWeek',
};

/** `assignee` filter: everyone, the unassigned ones, or one user's id. */
export type TAssigneeFilter = 'all' | 'none' | number;

/** What the address keeps, so a reload or a shared link shows the same calendar. */
export interface TCalendarSearch {
  view: TCalendarView | null;
  /** `YYYY-MM-DD` in the company's calendar: the day the view is on. */
  date: string | null;
  assignee: TAssigneeFilter;
  /** Empty: every status. */
  statuses: TAppointmentStatus[];
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function isStatus(v: string): v is TAppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(v);
}

export function readCalendarSearch(params: URLSearchParams): TCalendarSearch {
  const view = params.get('view');
  const date = params.get('date');
  const assignee = params.get('assignee');
  const statuses = (params.get('status') ?? '').split(',').filter(isStatus);
  return {
    view: view && (CALENDAR_VIEWS as readonly string[]).includes(view) ? (view as TCalendarView) : null,
    date: date && DAY_RE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? date : null,
    assignee: assignee === 'none' ? 'none' : assignee && /^[1-9]\d{0,15}$/.test(assignee) ? Number(assignee) : 'all',
    // In the canonical order, without repeats; all of them means no filter.
    statuses: statuses.length === APPOINTMENT_STATUSES.length ? [] : APPOINTMENT_STATUSES.filter((s) => statuses.includes(s)),
  };
}

/** The address query of a search; defaults are left out so the plain `/appointments` stays plain. */
export function writeCalendarSearch(search: TCalendarSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view) params.set('view', search.view);
  if (search.date) params.set('date', search.date);
  if (search.assignee !== 'all') params.set('assignee', String(search.assignee));
  if (search.statuses.length > 0 && search.statuses.length < APPOINTMENT_STATUSES.length) params.set('status', search.statuses.join(','));
  return params;
}

/** Turns one status chip on or off. */
export function toggleStatus(statuses: readonly TAppointmentStatus[], status: TAppointmentStatus): TAppointmentStatus[] {
  const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
  return next.length === APPOINTMENT_STATUSES.length ? [] : APPOINTMENT_STATUSES.filter((s) => next.includes(s));
}

/** The parameters of GET /api/appointments (and of its cache key) for a visible range. */
export interface TAppointmentRangeParams {
  from: string;
  to: string;
  assignee: string | null;
  status: string | null;
}

/**
 * The list query for what the calendar shows: [start, end) as instants, cut to CALENDAR_MAX_DAYS (the server's limit;
 * a month view with its spill-over weeks is 42 days), plus the filters.
 */
export function appointmentRangeParamsOf(options: {
  start: Date;
  end: Date;
  assignee: TAssigneeFilter;
  statuses: readonly TAppointmentStatus[];
}): TAppointmentRangeParams {
  const { start, assignee, statuses } = options;
  const maxEnd = start.getTime() + CALENDAR_MAX_DAYS * 86_400_000;
  const end = Math.min(options.end.getTime(), maxEnd);
  return {
    from: start.toISOString(),
    to: new Date(end).toISOString(),
    assignee: assignee === 'all' ? null : assignee === 'none' ? 'none' : `/api/users/${assignee}`,
    status: statuses.length > 0 && statuses.length < APPOINTMENT_STATUSES.length ? statuses.join(',') : null,
  };
}

/** Whether an appointment belongs in a list of these parameters (live updates decide with it). */
export function matchesRangeParams(options: {
  params: TAppointmentRangeParams;
  appointment: { startsAt: string; assignee: string | null; status: TAppointmentStatus };
}): boolean {
  const { params, appointment: a } = options;
  const start = Date.parse(a.startsAt);
  if (start < Date.parse(params.from) || start >= Date.parse(params.to)) return false;
  if (params.assignee === 'none' ? a.assignee !== null : params.assignee !== null && a.assignee !== params.assignee) return false;
  return params.status === null || params.status.split(',').includes(a.status);
}
