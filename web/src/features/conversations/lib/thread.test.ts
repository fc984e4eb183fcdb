import { describe, expect, it } from 'vitest';
import type { TMessage } from '@cd/contracts/message';
import en from '../../../locales/en/translation.json';
import { CHANNELS, CONVERSATION_SPANS } from '@cd/contracts/customer';
import { MESSAGE_STATUSES } from '@cd/contracts/message';
import { buildThread, dayLabel, listTime } from './thread';

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

  it('labels today and yesterday, else MM/DD/YYYY', () => {
    const now = new Date(2025, 2, 10, 8);
    expect(dayLabel('2025-03-10', now)).toEqual({ kind: 'today' });
    expect(dayLabel('2025-03-09', now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2025-03-01', now)).toEqual({ kind: 'date', text: '03/01/2025' });
  });
});

describe('inbox row time', () => {
  const now = new Date(2025, 2, 10, 15, 30);
  it('is relative for today and MM/DD/YYYY h:mm A before', () => {
    expect(listTime(new Date(2025, 2, 10, 15, 29, 40).toISOString(), now)).toEqual({ kind: 'now' });
    expect(listTime(new Date(2025, 2, 10, 15, 5).toISOString(), now)).toEqual({ kind: 'minutes', count: 25 });
    expect(listTime(new Date(2025, 2, 10, 9, 0).toISOString(), now)).toEqual({ kind: 'hours', count: 6 });
    expect(listTime(new Date(2025, 2, 9, 21, 7).toISOString(), now)).toEqual({ kind: 'date', text: '03/09/2025 9:07 PM' });
    expect(listTime(null, now)).toEqual({ kind: 'none' });
    expect(listTime(new Date(2025, 2, 10, 15, 30, 20).toISOString(), now)).toEqual({ kind: 'now' });
  });
});

describe('catalogue keys built at run time', () => {
  it('exist for every status, channel and span', () => {
    const keys = [...MESSAGE_STATUSES.map((s) => `status_${s}`), ...CHANNELS.map((c) => `channel_${c}`), ...CONVERSATION_SPANS.map((s) => `span_${s}`), 'customer_archived', 'phone_invalid', 'phone_not_unique', 'email_invalid', 'value_too_long', 'field_required'];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
