import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listingsKeys } from '../api/query-keys';
import { handleListingsLiveEvent } from './live';

describe('listings live events', () => {
  it('refetches every listings cache on a listing or keyword event', () => {
    const c = new QueryClient();
    const spy = vi.spyOn(c, 'invalidateQueries');
    expect(handleListingsLiveEvent(c, { entity: 'listing' })).toBe(true);
    expect(handleListingsLiveEvent(c, { entity: 'keyword' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: listingsKeys.all });
  });

  it('refetches the interests when a lead arrives', () => {
    const c = new QueryClient();
    const spy = vi.spyOn(c, 'invalidateQueries');
    expect(handleListingsLiveEvent(c, { entity: 'listing_interest' })).toBe(true);
    expect(handleListingsLiveEvent(c, { entity: 'marketing_lead' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: listingsKeys.interests });
    expect(spy).not.toHaveBeenCalledWith({ queryKey: listingsKeys.all });
  });

  it('leaves other areas alone', () => {
    const c = new QueryClient();
    expect(handleListingsLiveEvent(c, { entity: 'payment_transaction' })).toBe(false);
    expect(handleListingsLiveEvent(c, { entity: 'listingx' })).toBe(false);
  });
});
