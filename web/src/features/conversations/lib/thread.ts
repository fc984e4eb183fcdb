import type { TMessage } from '@cd/contracts/message';
import { dayKey } from '../../../lib/message-time';

export type TThreadItem = { kind: 'day'; day: string } | { kind: 'message'; message: TMessage };

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
