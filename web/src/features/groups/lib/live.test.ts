import { describe, expect, it } from 'vitest';
import { applyGroupMessageEvent } from './live';
import type { TGroupMessage } from './types';

const gm = (id: number, status: TGroupMessage['status'] = 'sending'): TGroupMessage => ({
  '@id': `/api/group_messages/${id}`,
  '@type': 'GroupMessage',
  id,
  customerGroup: '/api/customer_groups/1',
  customerGroupId: 1,
  user: null,
  source: 'SYSTEM',
  status,
  content: `m${id}`,
  scheduledAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  recipients: { total: 1, skipped: 0, pending: 1, sent: 0, delivered: 0, failed: 0, blocked: 0, byStatus: {} },
});
const data = (ids: number[]) => ({ pages: [{ member: ids.map((i) => gm(i)) }], pageParams: [null] });

describe('applyGroupMessageEvent', () => {
  it('prepends created messages once', () => {
    const d = applyGroupMessageEvent(data([2]), 'created', gm(3));
    expect(d.pages[0]!.member.map((m) => m.id)).toEqual([3, 2]);
    expect(applyGroupMessageEvent(d, 'created', gm(3)).pages[0]!.member).toHaveLength(2);
  });
  it('updates in place and removes', () => {
    const d = applyGroupMessageEvent(data([2, 1]), 'updated', gm(1, 'sent'));
    expect(d.pages[0]!.member[1]!.status).toBe('sent');
    expect(applyGroupMessageEvent(d, 'removed', gm(2)).pages[0]!.member.map((m) => m.id)).toEqual([1]);
  });
  it('ignores updates of messages not loaded', () => {
    const d = data([1]);
    expect(applyGroupMessageEvent(d, 'updated', gm(9))).toBe(d);
  });
});
