import { describe, expect, it } from 'vitest';
import type { TMessage } from '@cd/contracts/message';
import en from '../../../locales/en/translation.json';
import { CHANNELS, CONVERSATION_SPANS } from '@cd/contracts/customer';
import { MESSAGE_STATUSES } from '@cd/contracts/message';
import { buildThread } from './thread';

const local = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();
const m = (id: number, createdAt: string, extra: Partial<TMessage> = {}) => ({ id, createdAt, sentAt: null, status: 'SENT', ...extra }) as TMessage;

describe('date separators', () => {
  it('puts a separator before the first message of each local day', () => {
    const { items } = buildThread([m(1, local(2025, 1, 1, 9)), m(2, local(2025, 1, 1, 23, 59)), m(3, local(2025, 1, 2, 0, 1)), m(4, local(2025, 1, 5))]);
    expect(items.map((i) => (i.kind === 'day' ? i.day : i.message.id))).toEqual(['2025-01-01', 1, 2, '2025-01-02', 3, '2025-01-05', 4]);
  });

  it('keeps scheduled messages apart, soonest first', () => {
    const { items, scheduled } = buildThread([
      m(1, local(2025, 1, 1)),
      m(2, local(2025, 1, 1), { status: 'scheduled', scheduledAt: local(2025, 3, 1) }),
      m(3, local(2025, 1, 1), { status: 'scheduled', scheduledAt: local(2025, 2, 1) }),
    ]);
    expect(items.filter((i) => i.kind === 'message')).toHaveLength(1);
    expect(scheduled.map((s) => s.id)).toEqual([3, 2]);
  });
});

describe('catalogue keys built at run time', () => {
  it('exist for every status, channel and span', () => {
    const keys = [...MESSAGE_STATUSES.map((s) => `status_${s}`), ...CHANNELS.map((c) => `channel_${c}`), ...CONVERSATION_SPANS.map((s) => `span_${s}`), 'customer_archived', 'phone_invalid', 'phone_not_unique', 'email_invalid', 'value_too_long', 'field_required'];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
