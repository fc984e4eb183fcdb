import type { TInternalChatMessage } from '@cd/contracts/internal-chat';
import { dayKey } from '../../../lib/message-time';
import { isOwnMessage } from './chat-cache';

/** Consecutive messages of one sender within this span form one run (one name label, tight spacing). */
export const RUN_GAP_MS = 5 * 60_000;

export type TTimelineItem =
  | { kind: 'day'; day: string }
  | { kind: 'message'; message: TInternalChatMessage; own: boolean; firstOfRun: boolean; lastOfRun: boolean };

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
