import dayjs from 'dayjs';

/** Log times carry seconds: calls a second apart must read apart. */
export function formatLogTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY h:mm:ss A') : '';
}

/** "85 ms", "1.24 s", "—" when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** 0..1 as "3.4%" (one decimal below 10%, whole above). */
export function formatRate(rate: number): string {
  const pct = rate * 100;
  return `${pct < 10 && pct > 0 ? pct.toFixed(1).replace(/\.0$/, '') : Math.round(pct)}%`;
}

export function formatPerMinute(n: number): string {
  return n >= 10 ? String(Math.round(n)) : n.toFixed(2).replace(/\.?0+$/, '') || '0';
}

/** An age in seconds as "42 s", "5 min", "3 h 10 min", "2 d 4 h"; "—" when none. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
