import { decryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelAdapter, type TChannelCompany, type TOutboundMessage, type TSendResult } from '../channel.types';
import {
  gatewayMessageId,
  getGatewayMessage,
  mapGatewayState,
  sendGatewayMessage,
  SmsGatewayError,
  type TGatewayMessage,
  type TSmsGatewayCredentials,
} from './sms-gateway-client';

type TOcs = { smsGatewayUrl?: string | null; smsGatewayUsername?: string | null; smsGatewayPassword?: string | null; smsGatewaySigningKey?: string | null };

/**
 * A manual retry of a failed message reuses the message id; the gateway answers a known id with the failed record
 * instead of sending, so each retry round gets the next id. A bound keeps a gateway that fails every message at once
 * from being fed ids forever.
 */
const MAX_ROUNDS = 5;

function decrypt(encryptionKey: Buffer, stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(encryptionKey, stored);
  } catch {
    // Stored under another ENCRYPTION_KEY: unusable until an admin enters it again.
    return null;
  }
}

/** The company's gateway credentials, or null when URL, username or password is missing or undecryptable. */
export function smsGatewayCredentialsOf(opts: { company: TChannelCompany; encryptionKey: Buffer }): TSmsGatewayCredentials | null {
  const ocs = opts.company.ocs as TOcs;
  if (!ocs.smsGatewayUrl || !ocs.smsGatewayUsername) return null;
  const password = decrypt(opts.encryptionKey, ocs.smsGatewayPassword);
  if (!password) return null;
  return { baseUrl: ocs.smsGatewayUrl, username: ocs.smsGatewayUsername, password };
}

/** The key the app signs webhooks with, or null when none is configured (or it cannot be decrypted). */
export function smsGatewaySigningKeyOf(opts: { company: TChannelCompany; encryptionKey: Buffer }): string | null {
  return decrypt(opts.encryptionKey, (opts.company.ocs as TOcs).smsGatewaySigningKey);
}

/** SMS cannot carry files: each attachment's signed URL goes on its own line after the text. */
export function smsGatewayText(message: Pick<TOutboundMessage, 'body' | 'media'>): string {
  return [message.body, ...message.media.map((m) => m.url)].filter((line) => line !== '').join('\n');
}

function toSendResult(m: TGatewayMessage): TSendResult {
  return { providerMessageId: m.id, status: mapGatewayState(m.state) ?? 'SENDING' };
}

/**
 * Our id for one send round. Staff alerts use their own key (`alert-<companyId>-<key>`), which never collides with
 * a customer message's id and which the webhook parser does not take for one of ours.
 */
function idOf(message: TOutboundMessage, round: number): string {
  if (message.alertKey) return `alert-${message.company.id}-${message.alertKey}${round > 1 ? `-${round}` : ''}`;
  return gatewayMessageId({ companyId: message.company.id, messageId: message.messageId, round });
}

/**
 * SMS through a phone running "SMS Gateway for Android" in local-server mode. Each message is sent under our own
 * deterministic id (`<companyId>-<messageId>`), so a resend after a crash returns the record the phone already has,
 * and reconciliation is a plain lookup by that id. The gateway does no STOP handling: receiveInbound does it.
 */
export function createSmsGatewayChannel(opts: { encryptionKey: Buffer; timeoutMs?: number }): TChannelAdapter {
  const creds = (company: TChannelCompany) => {
    const c = smsGatewayCredentialsOf({ company, encryptionKey: opts.encryptionKey });
    if (!c) throw new ChannelSendError('The SMS gateway is not configured for this company.', { permanent: true, code: 'not_configured' });
    return c;
  };
  const asSendError = (err: unknown): unknown =>
    err instanceof SmsGatewayError
      ? new ChannelSendError(err.message, { permanent: err.permanent, code: err.status ? String(err.status) : null, outcomeUnknown: err.status === 0 })
      : err;

  return {
    channel: 'sms_gateway',
    isAvailable: (company) => smsGatewayCredentialsOf({ company, encryptionKey: opts.encryptionKey }) !== null,
    canReach: (c) => !!c.phone,
    async send(message) {
      const c = creds(message.company);
      if (!message.to.phone) throw new ChannelSendError('The customer has no phone number.', { permanent: true, code: 'no_phone' });
      const text = smsGatewayText(message);
      try {
        for (let round = 1; round <= MAX_ROUNDS; round++) {
          const sent = await sendGatewayMessage({
            creds: c,
            id: idOf(message, round),
            text,
            phoneNumbers: [message.to.phone],
            withDeliveryReport: true,
            timeoutMs: opts.timeoutMs,
          });
          // A new message is never Failed when queued: Failed is the record of an earlier round under this id.
          if (sent.state !== 'Failed') return toSendResult(sent);
        }
      } catch (err) {
        throw asSendError(err);
      }
      throw new ChannelSendError(`The SMS gateway failed this message ${MAX_ROUNDS} times.`, { permanent: true, code: 'too_many_rounds' });
    },
    async findSent(message) {
      const c = creds(message.company);
      try {
        // Walk the rounds like send does: the first record that is not a failed earlier round is this attempt's.
        for (let round = 1; round <= MAX_ROUNDS; round++) {
          const found = await getGatewayMessage({
            creds: c,
            id: idOf(message, round),
            timeoutMs: opts.timeoutMs,
          });
          if (!found) return null;
          if (found.state !== 'Failed') return toSendResult(found);
        }
        return null;
      } catch (err) {
        throw asSendError(err);
      }
    },
  };
}
