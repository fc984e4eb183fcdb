import { z } from 'zod';

const companyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/payment/verify_credentials: checks next-variant credentials with the provider before they are saved.
 * A secret sent as its mask means "the stored one" (only the app key changed). */
export const ZVerifyPaymentCredentialsSchema = z.strictObject({
  companyId,
  appKey: z.string().trim().min(1, 'field_required').max(500),
  apiSecret: z.string().trim().min(1, 'field_required').max(500),
});
export type TVerifyPaymentCredentials = z.infer<typeof ZVerifyPaymentCredentialsSchema>;

/** The provider's verdict as the spec's screen reads it: 200 = valid, anything else aborts the save. */
export interface TVerifyPaymentCredentialsAnswer {
  status_code: number;
  message: string;
}

/** POST /api/dms/service_writers_sync (vendor type A): pull service writers from the dealer system. */
export const ZServiceWritersSyncSchema = z.strictObject({ companyId, addMissing: z.boolean() });
export type TServiceWritersSync = z.infer<typeof ZServiceWritersSyncSchema>;

/** Where a payment provider posts transaction events for a company (the payment tab shows it to copy). */
export function paymentWebhookUrl(options: { origin: string; provider: string; slug: string }): string {
  return `${options.origin.replace(/\/+$/, '')}/api/webhooks/payment/${options.provider}/${options.slug}/transaction`;
}
