import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TPartsStatement } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** GET /api/parts_statements?customer&pagination=false. */
export function usePartsStatements(customerId: number) {
  return useQuery({
    queryKey: partsKeys.statements(customerId),
    queryFn: ({ signal }) =>
      api.request<THydraCollection<TPartsStatement>>('/api/parts_statements', { query: { customer: customerId, pagination: 'false' }, signal, silent: true }),
  });
}
