import type { TFunction } from 'i18next';

export type TChange = { direction: 'up' | 'down' | 'flat'; percent: number | null };

/** Today against the same weekday last week: the arrow's direction and the rounded percent (null when last week had none). */
export function changeOf(options: { current: number; previous: number }): TChange {
  const { current, previous } = options;
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  if (previous === 0) return { direction, percent: current === 0 ? 0 : null };
  return { direction, percent: Math.round(((current - previous) / previous) * 100) };
}

/** A response time as people say it: "45 s", "3 min 20 s", "2 h 5 min"; "—" when there is none. */
export function formatDuration(options: { seconds: number | null; t: TFunction }): string {
  const { seconds, t } = options;
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('duration_s', { s });
  if (s < 3600) return t('duration_m', { m: Math.floor(s / 60), s: s % 60 });
  if (s < 86_400) return t('duration_h', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return t('duration_d', { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
}

/** A share in 0..1 as a whole percent; "—" when there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** The weekday name of a local day (YYYY-MM-DD), in the app's locale. */
export function weekdayOf(options: { day: string; locale: string }): string {
  return new Intl.DateTimeFormat(options.locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${options.day}T12:00:00Z`));
}

/** A local day as a short axis label ("11/28"), in US order like the rest of the app. */
export function shortDayLabel(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/** The value of a datetime-local input for a Date, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** The next full hour from `now`: the reminder form's default due time. */
export function nextFullHour(now: Date): Date {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}
