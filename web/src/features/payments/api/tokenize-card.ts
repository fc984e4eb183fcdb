import type { TPublicCardTokenBody, TPublicCardTokenResult } from '@cd/contracts/payments';
import { api } from '../../../lib/api';

/**
 * POST /api/public/payments/{code}/card-token (simulator only): the card goes here and nowhere else; a one-time payment
 * key comes back. Not a react-query mutation on purpose: nothing of the body may linger in a mutation cache.
 */
export function tokenizeCard(options: { code: string; card: TPublicCardTokenBody }): Promise<TPublicCardTokenResult> {
  return api.request<TPublicCardTokenResult>(`/api/public/payments/${encodeURIComponent(options.code)}/card-token`, {
    method: 'POST',
    body: options.card,
    auth: false,
    silent: true,
  });
}
