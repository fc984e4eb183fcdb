import type { TVerifyPaymentCredentials, TVerifyPaymentCredentialsAnswer } from '@cd/contracts/integrations';
import { api } from '../../../lib/api';

/** POST /api/payment/verify_credentials: the provider's verdict on a next-variant app key and secret (200 = valid).
 * Called from the payment form's save, which reports a refusal itself. */
export function verifyPaymentCredentials(input: TVerifyPaymentCredentials): Promise<TVerifyPaymentCredentialsAnswer> {
  return api.request<TVerifyPaymentCredentialsAnswer>('/api/payment/verify_credentials', { method: 'POST', body: input });
}
