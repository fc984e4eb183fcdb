import { describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { handlePaymentsLiveEvent } from './live';

const client = () => ({ invalidateQueries: vi.fn() }) as unknown as QueryClient & { invalidateQueries: ReturnType<typeof vi.fn> };

describe('payments live events', () => {
  it('refetches the transaction lists on a transaction, and on a request that was paid', () => {
    const c = client();
    expect(handlePaymentsLiveEvent(c, { entity: 'payment_transaction', data: {} })).toBe(true);
    expect(c.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['payment_transactions', 'list'] });
    const d = client();
    expect(handlePaymentsLiveEvent(d, { entity: 'payment_request', data: { status: 'sent' } })).toBe(true);
    expect(d.invalidateQueries).not.toHaveBeenCalled();
    expect(handlePaymentsLiveEvent(d, { entity: 'payment_request', data: { status: 'paid' } })).toBe(true);
    expect(d.invalidateQueries).toHaveBeenCalledTimes(1);
  });

  it('leaves other areas alone', () => {
    const c = client();
    expect(handlePaymentsLiveEvent(c, { entity: 'survey', data: {} })).toBe(false);
    expect(c.invalidateQueries).not.toHaveBeenCalled();
  });
});
