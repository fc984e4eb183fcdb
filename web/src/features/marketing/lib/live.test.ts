import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { marketingKeys } from '../api/query-keys';
import { handleMarketingLiveEvent } from './live';

describe('handleMarketingLiveEvent', () => {
  it('refetches the lead lists when a lead arrives', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    expect(handleMarketingLiveEvent(queryClient, { entity: 'marketing_lead' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: marketingKeys.leads });
  });

  it('refetches the offers when an offer changes', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    expect(handleMarketingLiveEvent(queryClient, { entity: 'offer' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: marketingKeys.offers });
  });

  it('leaves other areas alone', () => {
    expect(handleMarketingLiveEvent(new QueryClient(), { entity: 'message' })).toBe(false);
  });
});
