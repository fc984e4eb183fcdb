import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TLiveEvent } from '@cd/contracts/live';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { handleUserMenuLiveEvent } from './live';

const ev = (e: Partial<TLiveEvent>): TLiveEvent => ({ event: 'updated', entity: 'user', action: null, data: { id: 4 }, changes: ['awayState'], id: '1', extra: null, ...e });

describe('user live events', () => {
  it('reload /api/me when the signed-in user changed, and claim every user event', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    expect(handleUserMenuLiveEvent(qc, ev({}), { userId: 4 })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: ME_QUERY_KEY });
    spy.mockClear();
    expect(handleUserMenuLiveEvent(qc, ev({ data: { id: 5 } }), { userId: 4 })).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    expect(handleUserMenuLiveEvent(qc, ev({ entity: 'customer' }), { userId: 4 })).toBe(false);
  });
});
