import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { offerKeys } from '../api/query-keys';
import { handleOffersLiveEvent } from './live';

describe('handleOffersLiveEvent', () => {
  it('refetches the list on offer progress', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    expect(handleOffersLiveEvent(queryClient, { entity: 'offer' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: offerKeys.list });
  });

  it('leaves other areas alone', () => {
    expect(handleOffersLiveEvent(new QueryClient(), { entity: 'payment_request' })).toBe(false);
  });
});
