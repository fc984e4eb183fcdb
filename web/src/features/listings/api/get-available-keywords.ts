import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TKeyword } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** GET /api/keywords?status=AVAILABLE&pagination=false: only free keywords are offered for assignment (spec part 2 §4). */
export function useAvailableKeywords(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listingsKeys.availableKeywords,
    queryFn: async ({ signal }) => {
      const body = await api.request<THydraCollection<TKeyword>>('/api/keywords', {
        query: { status: 'AVAILABLE', pagination: 'false' },
        signal,
        silent: true,
      });
      return body.member;
    },
    enabled: opts.enabled ?? true,
  });
}
