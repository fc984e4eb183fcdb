import type { TPublicChargeBody, TPublicChargeResult } from '@cd/contracts/payments';
import { api } from '../../../lib/api';

/** POST /api/public/payments/{code}/charge: the one-time payment key and the attempt's idempotency key. */
export function chargePayment(options: { code: string; body: TPublicChargeBody }): Promise<TPublicChargeResult> {
  return api.request<TPublicChargeResult>(`/api/public/payments/${encodeURIComponent(options.code)}/charge`, {
    method: 'POST',
    body: options.body,
    auth: false,
    silent: true,
  });
}
