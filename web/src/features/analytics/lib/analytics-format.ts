import type { TFunction } from 'i18next';

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

/** A local day as a short axis label ("11/28"), in US order like the rest of the app. */
export function shortDayLabel(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/** A local day as the app shows dates ("11/28/2026"). */
export function usDay(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}
