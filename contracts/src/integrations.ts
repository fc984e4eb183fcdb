import { z } from 'zod';
import { ZIdNumberSchema } from './ids';

const companyId = ZIdNumberSchema;

/** POST /api/payment/verify_credentials: checks next-variant credentials with the provider before they are saved.
 * A secret sent as its mask means "the stored one" (only the app key changed). */
export const ZVerifyPaymentCredentialsSchema = z.strictObject({
  companyId,
  appKey: z.string().trim().min(1, 'field_required').max(500),
  apiSecret: z.string().trim().min(1, 'field_required').max(500),
});
export type TVerifyPaymentCredentials = z.infer<typeof ZVerifyPaymentCredentialsSchema>;

/** The provider's verdict as the spec's screen reads it: 200 = valid, anything else aborts the save. */
export const ZVerifyPaymentCredentialsAnswerSchema = z.object({ status_code: z.number().int(), message: z.string() });
export type TVerifyPaymentCredentialsAnswer = z.infer<typeof ZVerifyPaymentCredentialsAnswerSchema>;

/** POST /api/dms/service_writers_sync (vendor type A): pull service writers from the dealer system. */
export const ZServiceWritersSyncSchema = z.strictObject({ companyId, addMissing: z.boolean() });
export type TServiceWritersSync = z.infer<typeof ZServiceWritersSyncSchema>;

const base = (origin: string) => origin.replace(/\/+$/, '');

/** Where a payment provider posts transaction events for a company (the payment tab shows it to copy). */
export function paymentWebhookUrl(options: { origin: string; provider: string; slug: string }): string {
  return `${base(options.origin)}/api/webhooks/payment/${options.provider}/${options.slug}/transaction`;
}

export type TChannelWebhook = 'sms_provider_inbound' | 'sms_provider_status' | 'whatsapp' | 'viber' | 'sms_gateway';

/** The webhook addresses a company gives each messaging provider (the routes in server/src/modules/webhooks). */
export function channelWebhookUrl(options: { origin: string; slug: string; hook: TChannelWebhook }): string {
  const path: Record<TChannelWebhook, string> = {
    sms_provider_inbound: `sms-provider/${options.slug}/inbound`,
    sms_provider_status: `sms-provider/${options.slug}/status`,
    whatsapp: `whatsapp/${options.slug}`,
    viber: `viber/${options.slug}`,
    sms_gateway: `sms-gateway/${options.slug}`,
  };
  return `${base(options.origin)}/api/webhooks/${path[options.hook]}`;
}
