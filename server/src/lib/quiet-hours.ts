/** Default window for automated and group sends (US carrier practice): 08:00–21:00 in the recipient's time zone. */
export const DEFAULT_QUIET_START = '08:00';
export const DEFAULT_QUIET_END = '21:00';

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When an automated message may go out: null if now is inside the sending window, else the next window start.
 * (Computed from the local clock difference; a DST change during the wait shifts it by at most an hour.)
 */
export function nextSendingTime(opts: { now: Date; timeZone: string; start?: string | null; end?: string | null }): Date | null {
  const start = minutesOf(opts.start ?? DEFAULT_QUIET_START);
  const end = minutesOf(opts.end ?? DEFAULT_QUIET_END);
  let local: number;
  try {
    local = localMinutes(opts.now, opts.timeZone);
  } catch {
    local = localMinutes(opts.now, 'America/New_York');
  }
  if (local >= start && local < end) return null;
  const wait = local < start ? start - local : 24 * 60 - local + start;
  const at = new Date(opts.now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}
