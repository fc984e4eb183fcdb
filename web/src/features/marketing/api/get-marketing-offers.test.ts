import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { fetchMarketingOffers } from './get-marketing-offers';

afterEach(() => vi.restoreAllMocks());

describe('fetchMarketingOffers', () => {
  it('follows next links until the last page', async () => {
    const request = vi
      .spyOn(api, 'request')
      .mockResolvedValueOnce({ member: [{ id: 2 }], view: { next: '/api/marketing/offers?pagination=false&id%5Blt%5D=2' } })
      .mockResolvedValueOnce({ member: [{ id: 1 }] });
    const offers = await fetchMarketingOffers();
    expect(offers.map((o) => o.id)).toEqual([2, 1]);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]![0]).toBe('/api/marketing/offers?pagination=false&id%5Blt%5D=2');
  });
});
