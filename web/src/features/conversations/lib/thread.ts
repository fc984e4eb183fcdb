import dayjs from 'dayjs';
import type { TMessage } from '@cd/contracts/message';

export type TThreadItem = { kind: 'day'; day: string } | { kind: 'message'; message: TMessage };

/** Local calendar day of an ISO timestamp, `YYYY-MM-DD`. */
export function dayKey(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD');
}

/**
 * The thread as rendered: messages oldest first with a day separator before each new local day; scheduled
 * messages are kept apart and shown at the end, soonest first.
 */
export function buildThread(messages: readonly TMessage[]): { items: TThreadItem[]; scheduled: TMessage[] } {
  const items: TThreadItem[] = [];
  const scheduled: TMessage[] = [];
  let lastDay: string | null = null;
  for (const m of messages) {
    if (m.status === 'scheduled') {
      scheduled.push(m);
      continue;
    }
    const day = dayKey(m.sentAt ?? m.createdAt);
    if (day !== lastDay) {
      items.push({ kind: 'day', day });
      lastDay = day;
    }
    items.push({ kind: 'message', message: m });
  }
  scheduled.sort((a, b) => Date.parse(a.scheduledAt ?? a.createdAt) - Date.parse(b.scheduledAt ?? b.createdAt));
  return { items, scheduled };
}

/** Separator label: today / yesterday, else the date (MM/DD/YYYY). */
export function dayLabel(day: string, now: Date = new Date()): { kind: 'today' | 'yesterday' } | { kind: 'date'; text: string } {
  const today = dayjs(now).format('YYYY-MM-DD');
  if (day === today) return { kind: 'today' };
  if (day === dayjs(now).subtract(1, 'day').format('YYYY-MM-DD')) return { kind: 'yesterday' };
  return { kind: 'date', text: dayjs(day).format('MM/DD/YYYY') };
}

/** Inbox row time: relative for today (spec: "relative for today"), else MM/DD/YYYY h:mm A. */
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
