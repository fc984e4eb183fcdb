import { decryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelAdapter, type TChannelCompany, type TOutboundMessage } from '../channel.types';
import {
  fetchWhatsAppMedia,
  sendWhatsAppMessage,
  templateParameterText,
  WHATSAPP_WINDOW_CLOSED_CODE,
  WHATSAPP_WINDOW_CLOSED_MESSAGE,
  WhatsAppError,
  whatsAppMediaTypeOf,
  type TWhatsAppCredentials,
  type TWhatsAppMessagePayload,
} from './whatsapp-client';
import { describeWhatsAppError } from './whatsapp-webhooks';

type TOcs = {
  whatsAppAccessToken?: string | null;
  whatsAppVerifyToken?: string | null;
  whatsAppAppSecret?: string | null;
  whatsAppPhoneNumberId?: string | null;
  whatsAppTemplatesNamespace?: string | null;
  whatsAppInviteTemplateName?: string | null;
  whatsAppTemplateLanguage?: string | null;
};

export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;
const DEFAULT_INVITE_TEMPLATE = 'customer_invite';
const DEFAULT_TEMPLATE_LANGUAGE = 'en_US';

/** A stored secret in clear, or null when absent or stored under another ENCRYPTION_KEY (unusable until re-entered). */
function secretOf(encryptionKey: Buffer, stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(encryptionKey, stored) || null;
  } catch {
    return null;
  }
}

/** Sending credentials: access token and phone number id, or null when the company has not configured (or cannot decrypt) them. */
export function whatsAppCredentialsOf(opts: { company: TChannelCompany; encryptionKey: Buffer; graphUrl: string; apiVersion: string }): TWhatsAppCredentials | null {
  const ocs = opts.company.ocs as TOcs;
  const accessToken = secretOf(opts.encryptionKey, ocs.whatsAppAccessToken);
  if (!accessToken || !ocs.whatsAppPhoneNumberId) return null;
  return { accessToken, phoneNumberId: ocs.whatsAppPhoneNumberId, graphUrl: opts.graphUrl, apiVersion: opts.apiVersion };
}

/** What the webhook routes check: the app secret (X-Hub-Signature-256), the verify token (GET handshake), the number. */
export function whatsAppWebhookSecretsOf(opts: { company: TChannelCompany; encryptionKey: Buffer }): { appSecret: string | null; verifyToken: string | null; phoneNumberId: string | null } {
  const ocs = opts.company.ocs as TOcs;
  return {
    appSecret: secretOf(opts.encryptionKey, ocs.whatsAppAppSecret),
    verifyToken: secretOf(opts.encryptionKey, ocs.whatsAppVerifyToken),
    phoneNumberId: ocs.whatsAppPhoneNumberId ?? null,
  };
}

/** The invite template: the company's approved template name and language, the message content as its one body parameter. */
function invitePayload(company: TChannelCompany, content: string): TWhatsAppMessagePayload {
  const ocs = company.ocs as TOcs;
  return {
    type: 'template',
    template: {
      name: ocs.whatsAppInviteTemplateName || DEFAULT_INVITE_TEMPLATE,
      language: { code: ocs.whatsAppTemplateLanguage || DEFAULT_TEMPLATE_LANGUAGE },
      ...(ocs.whatsAppTemplatesNamespace ? { namespace: ocs.whatsAppTemplatesNamespace } : {}),
      components: [{ type: 'body', parameters: [{ type: 'text', text: templateParameterText(content) }] }],
    },
  };
}

/**
 * The requests one message becomes: a template; or one request per attachment with the text as the first
 * caption (audio takes none, so the text then goes first as its own message); or one text message.
 */
function payloadsOf(message: TOutboundMessage): TWhatsAppMessagePayload[] {
  if (message.type === 'WHATSAPP_TEMPLATE') return [invitePayload(message.company, message.body)];
  if (message.media.length === 0) return [{ type: 'text', text: { body: message.body, preview_url: false } }];
  const out: TWhatsAppMessagePayload[] = [];
  let caption: string | undefined = message.body || undefined;
  if (caption && whatsAppMediaTypeOf(message.media[0]!.mimeType) === 'audio') {
    out.push({ type: 'text', text: { body: caption, preview_url: false } });
    caption = undefined;
  }
  for (const m of message.media) {
    out.push({ type: whatsAppMediaTypeOf(m.mimeType), media: { link: m.url, caption, filename: m.fileName } });
    caption = undefined;
  }
  return out;
}

function toChannelError(err: WhatsAppError): ChannelSendError {
  if (err.code === WHATSAPP_WINDOW_CLOSED_CODE)
    return new ChannelSendError(describeWhatsAppError({ code: err.code, message: null }), { permanent: true, code: String(WHATSAPP_WINDOW_CLOSED_CODE) });
  return new ChannelSendError(err.message, {
    permanent: err.permanent,
    code: err.code !== null ? String(err.code) : err.status ? String(err.status) : null,
    // No answer, or a 2xx we could not read: the message may have gone out.
    outcomeUnknown: err.status === 0 || (err.status >= 200 && err.status < 300),
  });
}

/**
 * WhatsApp through Meta's Cloud API. Status webhooks carry only the wamid, so statuses are matched by the
 * provider id recorded after the send (see docs/decisions.md "WhatsApp").
 */
export function createWhatsAppChannel(opts: { encryptionKey: Buffer; graphUrl: string; apiVersion: string }): TChannelAdapter {
  const credsOf = (company: TChannelCompany) => whatsAppCredentialsOf({ company, encryptionKey: opts.encryptionKey, graphUrl: opts.graphUrl, apiVersion: opts.apiVersion });
  const creds = (company: TChannelCompany) => {
    const c = credsOf(company);
    if (!c) throw new ChannelSendError('WhatsApp is not configured for this company.', { permanent: true, code: 'not_configured' });
    return c;
  };
  return {
    channel: 'whatsapp',
    isAvailable: (company) => credsOf(company) !== null,
    canReach: (c) => !!c.phone,

    async refuseSend({ type, hasInboundSince }) {
      if (type === 'WHATSAPP_TEMPLATE') return null;
      // Our receive time stands in for Meta's; it is a little later, and a send that slips through anyway
      // fails with 131047, which marks the message FAILED with the same explanation.
      const open = await hasInboundSince(new Date(Date.now() - WHATSAPP_WINDOW_MS));
      return open ? null : WHATSAPP_WINDOW_CLOSED_MESSAGE;
    },

    /**
     * Several requests for a message with attachments; the first wamid becomes the message's provider id (status
     * webhooks of the other parts match nothing and are ignored). If a later part fails after an earlier one went
     * out, the message is failed permanently with what was sent, rather than retried into duplicates.
     */
    async send(message) {
      const c = creds(message.company);
      const to = (message.to.phone ?? '').replace(/\D/g, '');
      if (!to) throw new ChannelSendError('The customer has no phone number.', { permanent: true, code: 'no_phone' });
      const payloads = payloadsOf(message);
      const wamids: string[] = [];
      for (const payload of payloads) {
        try {
          wamids.push((await sendWhatsAppMessage({ creds: c, to, payload, callbackData: String(message.messageId) })).wamid);
        } catch (err) {
          if (!(err instanceof WhatsAppError)) throw err;
          const mapped = toChannelError(err);
          if (wamids.length === 0) throw mapped;
          throw new ChannelSendError(`WhatsApp accepted ${wamids.length} of ${payloads.length} parts (${wamids.join(', ')}), then: ${mapped.message}`, {
            permanent: true,
            code: mapped.opts.code ?? null,
          });
        }
      }
      return { providerMessageId: wamids[0]!, status: 'SENT' };
    },

    async downloadMedia({ company, ref, maxBytes }) {
      return fetchWhatsAppMedia({ creds: creds(company), mediaId: ref, maxBytes });
    },

    /**
     * The Cloud API has no message search, so a send interrupted between Meta's answer and our commit cannot be
     * looked up: at-most-once delivery cannot be guaranteed over this API, and a retry may send it again. What
     * narrows the gap: every request carries our message id as biz_opaque_callback_data, and the webhook route
     * passes it to applyProviderStatus, so Meta's `sent` status (usually seconds later) records the wamid on the
     * message — and the send job skips a message that already has one. Only a retry that runs before any status
     * arrived can duplicate.
     */
    async findSent() {
      return null;
    },
  };
}
