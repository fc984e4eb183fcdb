/** A run's duration for people: "850 ms", "4.2 s", "3 min 12 s", "1 h 5 min"; empty while unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 3600) return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
  const minutes = Math.round(totalSeconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const CRON_JOB_FILTERS = ['all', 'system', 'report'] as const;
export type TCronJobFilter = (typeof CRON_JOB_FILTERS)[number];

/** The kind filter from the address (`?kind=report`); anything else shows every job. */
export function cronJobFilterOf(value: string | null): TCronJobFilter {
  return CRON_JOB_FILTERS.find((f) => f === value) ?? 'all';
}
