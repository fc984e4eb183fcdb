import dayjs from 'dayjs';

/** How message lists (customer threads, internal chat) and their list rows read times. */

/** Local calendar day of an ISO timestamp, `YYYY-MM-DD`. */
export function dayKey(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD');
}

/** Day separator label: today / yesterday, else the date (MM/DD/YYYY). */
export function dayLabel(day: string, now: Date = new Date()): { kind: 'today' | 'yesterday' } | { kind: 'date'; text: string } {
  if (day === dayjs(now).format('YYYY-MM-DD')) return { kind: 'today' };
  if (day === dayjs(now).subtract(1, 'day').format('YYYY-MM-DD')) return { kind: 'yesterday' };
  return { kind: 'date', text: dayjs(day).format('MM/DD/YYYY') };
}

/** List row time: relative for today (spec: "relative for today"), else MM/DD/YYYY h:mm A. */
export function listTime(
  iso: string | null | undefined,
  now: Date = new Date(),
): { kind: 'none' } | { kind: 'now' } | { kind: 'minutes' | 'hours'; count: number } | { kind: 'date'; text: string } {
  if (!iso) return { kind: 'none' };
  const d = dayjs(iso);
  if (!d.isValid()) return { kind: 'none' };
  const n = dayjs(now);
  if (d.isSame(n, 'day')) {
    // A server clock a little ahead of the browser must not show a date for a message sent just now.
    const minutes = Math.max(0, n.diff(d, 'minute'));
    if (minutes < 1) return { kind: 'now' };
    if (minutes < 60) return { kind: 'minutes', count: minutes };
    return { kind: 'hours', count: n.diff(d, 'hour') };
  }
  return { kind: 'date', text: d.format('MM/DD/YYYY h:mm A') };
}
