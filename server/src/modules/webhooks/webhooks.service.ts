import type { TMessageStatus } from '@cd/contracts/message';
import { parseGatewayMessageId } from '../../channels/sms-gateway/sms-gateway-client';
import { normalizeGatewayPhone, type TSmsGatewayEvent } from '../../channels/sms-gateway/sms-gateway-webhooks';
import type { TTwilioInbound, TTwilioStatus } from '../../channels/sms-provider/twilio-webhooks';
import { buildViberWelcome, type TViberCallback, type TViberWelcomeOcs } from '../../channels/viber/viber-webhooks';
import type { TWhatsAppNotification } from '../../channels/whatsapp/whatsapp-webhooks';
import type { TAppDeps } from '../../context';
import type { TCompanyRow } from '../companies/companies.api';
import { applyProviderStatus, receiveInbound, recordChannelConsent } from '../messages/messages.api';

/**
 * What a verified, parsed provider callback does to the company's messages and customers. The routes check the
 * signature and parse; these record. Inbound messages are idempotent on the provider's message id (receiveInbound),
 * so a provider delivering again after a failure records nothing twice.
 */

/** Applies every message and status of a WhatsApp notification that belongs to the company's number. */
export async function ingestWhatsAppNotification(opts: {
  deps: TAppDeps;
  company: TCompanyRow;
  phoneNumberId: string | null;
  notification: TWhatsAppNotification;
  /** Called when every message of the notification was stored already (a redelivery; the webhook log marks it). */
  onDuplicate?: () => void;
}): Promise<void> {
  const { deps, company, phoneNumberId, notification } = opts;
  let received = 0;
  let duplicates = 0;
  // One Meta app may serve several numbers; only this company's number is ours to record.
  const ours = (id: string | null) => !id || !phoneNumberId || id === phoneNumberId;
  for (const m of notification.messages) {
    const digits = m.from.replace(/\D/g, '');
    if (!digits || !ours(m.phoneNumberId)) continue;
    received++;
    const { duplicate } = await receiveInbound({
      deps,
      inbound: {
        companyId: company.id,
        channel: 'whatsapp',
        from: { phone: `+${digits}`, ...(m.name ? { name: m.name } : {}) },
        body: m.body,
        providerMessageId: m.wamid,
        media: m.media,
      },
    });
    if (duplicate) duplicates++;
  }
  if (received > 0 && duplicates === received && notification.statuses.length === 0) opts.onDuplicate?.();
  for (const s of notification.statuses) {
    if (!s.status || !ours(s.phoneNumberId)) continue;
    // Our message id travels as biz_opaque_callback_data; it lets `sent`/`delivered`/`read` find a message whose
    // wamid is not recorded yet (a send interrupted before its commit). Not for `failed`: a late failure of an
    // earlier attempt must not attach itself to a retry the agent just started.
    const messageId = s.status !== 'FAILED' && s.callbackData && /^\d{1,15}$/.test(s.callbackData) ? Number(s.callbackData) : undefined;
    await applyProviderStatus({
      deps,
      companyId: company.id,
      channel: 'whatsapp',
      messageId,
      providerMessageId: s.wamid,
      status: s.status,
      errorCode: s.errorCode,
      errorMessage: s.errorMessage,
    });
  }
}

/**
 * Records an SMS Gateway event: a received SMS or a status of one of ours; system:ping and events we do not
 * handle change nothing. Answers `not_a_phone` for an inbound from a sender nobody can answer (short codes,
 * alphanumeric senders), which is ignored.
 */
export async function ingestSmsGatewayEvent(opts: {
  deps: TAppDeps;
  company: TCompanyRow;
  event: TSmsGatewayEvent;
  onDuplicate?: () => void;
}): Promise<'ok' | 'not_a_phone'> {
  const { deps, company, event } = opts;
  if (event.kind === 'received') {
    const phone = normalizeGatewayPhone(event.phoneNumber);
    if (!phone) return 'not_a_phone';
    const { duplicate } = await receiveInbound({
      deps,
      inbound: {
        companyId: company.id,
        channel: 'sms_gateway',
        from: { phone },
        body: event.body,
        // The delivery's id: the payload's messageId is derived from the content and repeats.
        providerMessageId: event.eventId,
        media: [],
      },
    });
    if (duplicate) opts.onDuplicate?.();
  } else if (event.kind === 'status') {
    // Our sends carry our id, so the status finds the message even before the send's result is committed.
    const ours = parseGatewayMessageId(event.messageId);
    await applyProviderStatus({
      deps,
      companyId: company.id,
      channel: 'sms_gateway',
      messageId: ours && ours.companyId === company.id ? ours.messageId : undefined,
      providerMessageId: event.messageId,
      status: event.status,
      errorMessage: event.error?.slice(0, 500) ?? null,
    });
  }
  return 'ok';
}

/** Records an inbound SMS from Twilio. */
export async function ingestTwilioInbound(opts: { deps: TAppDeps; company: TCompanyRow; inbound: TTwilioInbound; onDuplicate?: () => void }): Promise<void> {
  const { deps, company, inbound } = opts;
  const { duplicate } = await receiveInbound({
    deps,
    inbound: {
      companyId: company.id,
      channel: 'sms_provider',
      from: { phone: inbound.from },
      body: inbound.body,
      providerMessageId: inbound.messageSid,
      media: inbound.media,
    },
  });
  if (duplicate) opts.onDuplicate?.();
}

/** Applies a Twilio status callback; `messageId` is ours, carried in the callback URL. */
export async function ingestTwilioStatus(opts: { deps: TAppDeps; company: TCompanyRow; status: TTwilioStatus; messageId?: number }): Promise<void> {
  const { deps, company, status } = opts;
  if (!status.status) return;
  await applyProviderStatus({
    deps,
    companyId: company.id,
    channel: 'sms_provider',
    messageId: opts.messageId,
    providerMessageId: status.messageSid,
    status: status.status,
    errorCode: status.errorCode,
    errorMessage: status.errorMessage,
  });
}

const VIBER_STATUS_OF: Record<'delivered' | 'seen' | 'failed', TMessageStatus> = { delivered: 'DELIVERED', seen: 'SEEN', failed: 'FAILED' };
/**
 * Viber calls one webhook per bot, so a status callback cannot carry our message id (Twilio's trick); and
 * `delivered` can arrive before the worker has committed the token Viber just gave it. A callback whose token
 * is unknown is therefore looked up again a few times before it is dropped.
 */
const VIBER_STATUS_LOOKUP_DELAYS_MS = [100, 250, 500];

async function applyViberStatus(deps: TAppDeps, companyId: number, cb: Extract<TViberCallback, { event: 'delivered' | 'seen' | 'failed' }>) {
  for (let i = 0; ; i++) {
    const { found } = await applyProviderStatus({
      deps,
      companyId,
      channel: 'viber',
      providerMessageId: cb.messageToken,
      status: VIBER_STATUS_OF[cb.event],
      errorCode: cb.event === 'failed' ? 'viber_failed' : null,
      errorMessage: cb.event === 'failed' ? (cb.desc ?? 'Viber reported the message as failed.') : null,
    });
    const delay = VIBER_STATUS_LOOKUP_DELAYS_MS[i];
    if (found || delay === undefined) return;
    await new Promise((r) => setTimeout(r, delay));
  }
}

/**
 * Records a Viber callback. Answers the welcome message for conversation_started (it goes in the webhook's answer:
 * Viber forbids send_message before the user subscribes), otherwise null.
 */
export async function ingestViberCallback(opts: { deps: TAppDeps; company: TCompanyRow; callback: TViberCallback; onDuplicate?: () => void }) {
  const { deps, company, callback: cb } = opts;
  switch (cb.event) {
    case 'message': {
      const { duplicate } = await receiveInbound({
        deps,
        inbound: {
          companyId: company.id,
          channel: 'viber',
          from: { viberUserId: cb.sender.id, ...(cb.sender.name ? { name: cb.sender.name } : {}) },
          body: cb.text,
          providerMessageId: cb.messageToken,
          media: cb.media,
        },
      });
      if (duplicate) opts.onDuplicate?.();
      return null;
    }
    case 'delivered':
    case 'seen':
    case 'failed':
      await applyViberStatus(deps, company.id, cb);
      return null;
    case 'subscribed':
    case 'unsubscribed':
      // An unknown subscriber gets no customer here: one is created with their first message.
      await recordChannelConsent({
        deps,
        companyId: company.id,
        identity: { viberUserId: cb.userId },
        kind: cb.event === 'subscribed' ? 'opt_in' : 'opt_out',
        source: cb.event === 'subscribed' ? 'viber_subscribed' : 'viber_unsubscribed',
        channel: 'viber',
      });
      return null;
    case 'conversation_started':
      // Not stored: the user may never subscribe and has no customer yet.
      return buildViberWelcome({ companyName: company.name, ocs: company.ocs as TViberWelcomeOcs });
    case 'webhook':
    case 'unknown':
      return null;
  }
}
