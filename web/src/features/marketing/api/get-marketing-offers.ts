import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TOffer } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { marketingKeys } from './query-keys';

/** A runaway `next` chain stops here (500 per page: 20,000 offers is far past any company's history). */
const MAX_PAGES = 40;

/**
 * GET /api/marketing/offers?pagination=false, following `view.next` until the last page (spec part 2 §7: the
 * unpaged path reads member, view and totalItems). Silent: the page shows its error (403 names the role or module).
 */
export async function fetchMarketingOffers(opts: { signal?: AbortSignal } = {}): Promise<TOffer[]> {
  const out: TOffer[] = [];
  let page = await api.request<THydraCollection<TOffer>>('/api/marketing/offers', { query: { pagination: 'false' }, signal: opts.signal, silent: true });
  out.push(...page.member);
  for (let i = 1; page.view?.next && i < MAX_PAGES; i++) {
    page = await api.request<THydraCollection<TOffer>>(page.view.next, { signal: opts.signal, silent: true });
    out.push(...page.member);
  }
  return out;
}

export function useMarketingOffers() {
  return useQuery({ queryKey: marketingKeys.offers, queryFn: ({ signal }) => fetchMarketingOffers({ signal }) });
}
