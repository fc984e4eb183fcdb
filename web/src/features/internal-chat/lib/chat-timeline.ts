import dayjs from 'dayjs';
import type { TInternalChatMessage } from '@cd/contracts/internal-chat';
import { isOwnMessage } from './chat-cache';

/** Consecutive messages of one sender within this span form one run (one name label, tight spacing). */
export const RUN_GAP_MS = 5 * 60_000;

export type TTimelineItem =
  | { kind: 'day'; day: string }
  | { kind: 'message'; message: TInternalChatMessage; own: boolean; firstOfRun: boolean; lastOfRun: boolean };

/** Local calendar day of an ISO time, `YYYY-MM-DD`. */
export function dayKey(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD');
}

/** Messages (oldest first) with a day separator before each new local day, grouped in runs per sender. */
export function buildTimeline(messages: readonly TInternalChatMessage[], meId: number): TTimelineItem[] {
  const items: TTimelineItem[] = [];
  let lastDay: string | null = null;
  let prev: TInternalChatMessage | null = null;
  for (const m of messages) {
    const day = dayKey(m.sentAt);
    const newDay = day !== lastDay;
    if (newDay) {
      items.push({ kind: 'day', day });
      lastDay = day;
    }
    const sameRun = !newDay && prev !== null && (prev.user?.id ?? null) === (m.user?.id ?? null) && Date.parse(m.sentAt) - Date.parse(prev.sentAt) <= RUN_GAP_MS;
    if (!sameRun) {
      const last = items[items.length - (newDay ? 2 : 1)];
      if (last?.kind === 'message') last.lastOfRun = true;
    }
    items.push({ kind: 'message', message: m, own: isOwnMessage(m, meId), firstOfRun: !sameRun, lastOfRun: false });
    prev = m;
  }
  const tail = items[items.length - 1];
  if (tail?.kind === 'message') tail.lastOfRun = true;
  return items;
}

/** Separator label: today / yesterday, else the date (MM/DD/YYYY). */
export function dayLabel(day: string, now: Date = new Date()): { kind: 'today' | 'yesterday' } | { kind: 'date'; text: string } {
  if (day === dayjs(now).format('YYYY-MM-DD')) return { kind: 'today' };
  if (day === dayjs(now).subtract(1, 'day').format('YYYY-MM-DD')) return { kind: 'yesterday' };
  return { kind: 'date', text: dayjs(day).format('MM/DD/YYYY') };
}

/** Thread list time: relative today, else the date (MM/DD/YYYY h:mm A). */
export function listTime(
  iso: string | null | undefined,
  now: Date = new Date(),
): { kind: 'none' } | { kind: 'now' } | { kind: 'minutes' | 'hours'; count: number } | { kind: 'date'; text: string } {
  if (!iso) return { kind: 'none' };
  const d = dayjs(iso);
  if (!d.isValid()) return { kind: 'none' };
  const n = dayjs(now);
  if (d.isSame(n, 'day')) {
    // A server clock slightly ahead of the browser must not turn "just now" into a date.
    const minutes = Math.max(0, n.diff(d, 'minute'));
    if (minutes < 1) return { kind: 'now' };
    if (minutes < 60) return { kind: 'minutes', count: minutes };
    return { kind: 'hours', count: n.diff(d, 'hour') };
  }
  return { kind: 'date', text: d.format('MM/DD/YYYY h:mm A') };
}
