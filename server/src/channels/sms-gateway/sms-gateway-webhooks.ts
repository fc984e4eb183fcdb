/**
 * "SMS Gateway for Android" webhooks (protocols/channels-and-live.md §4): X-Signature verification over the raw
 * body, the timestamp window, event parsing, and the sender's number in E.164.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TMessageStatus } from '@cd/contracts/message';
import { toE164 } from '@cd/contracts/validators';

/** The doc recommends refusing timestamps more than 5 minutes old; we also refuse ones that far in the future. */
export const SMS_GATEWAY_TIMESTAMP_TOLERANCE_SECONDS = 300;

/** hex(HMAC-SHA256(signingKey, rawBody + X-Timestamp)), over the bytes exactly as received. */
export function computeSmsGatewaySignature(opts: { signingKey: string; rawBody: Buffer | string; timestamp: string }): string {
  const body = typeof opts.rawBody === 'string' ? Buffer.from(opts.rawBody, 'utf8') : opts.rawBody;
  return createHmac('sha256', opts.signingKey).update(body).update(opts.timestamp, 'utf8').digest('hex');
}

export type TSmsGatewaySignatureCheck = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

/**
 * Checks X-Signature and X-Timestamp. `missing`/`malformed` are bad requests; `stale` (outside ±5 minutes, a
 * replay) and `mismatch` are refusals. The comparison is constant-time.
 */
export function verifySmsGatewaySignature(opts: {
  signingKey: string;
  rawBody: Buffer | string;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: Date;
  toleranceSeconds?: number;
}): TSmsGatewaySignatureCheck {
  const timestamp = opts.timestamp?.trim();
  const signature = opts.signature?.trim();
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed';
  const nowSeconds = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (opts.toleranceSeconds ?? SMS_GATEWAY_TIMESTAMP_TOLERANCE_SECONDS)) return 'stale';
  if (!opts.signingKey || !/^[0-9a-f]{64}$/i.test(signature)) return 'mismatch';
  const expected = Buffer.from(computeSmsGatewaySignature({ signingKey: opts.signingKey, rawBody: opts.rawBody, timestamp }), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? 'ok' : 'mismatch';
}

/**
 * The sender as E.164. The app reports numbers as the SIM saw them, often in national format: all-digit numbers get
 * a '+' (10 digits are taken as US/NANP: 6505551212 → +16505551212), a leading 00 becomes '+'. Alphanumeric senders
 * (a bank's "VERIFY"), short codes and national numbers with a trunk 0 give null: they cannot be a customer's number.
 */
export function normalizeGatewayPhone(raw: string): string | null {
  const v = raw.trim().replace(/[\s\-().]/g, '');
  let candidate: string;
  if (/^\+\d+$/.test(v)) candidate = v;
  else if (/^00\d+$/.test(v)) candidate = `+${v.slice(2)}`;
  else if (/^\d{10}$/.test(v)) candidate = `+1${v}`;
  else if (/^\d+$/.test(v)) candidate = `+${v}`;
  else return null;
  const e164 = toE164(candidate);
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}

export type TSmsGatewayStatusEvent = 'sms:sent' | 'sms:delivered' | 'sms:failed';

const STATUS_BY_EVENT: Record<TSmsGatewayStatusEvent, TMessageStatus> = {
  'sms:sent': 'SENT',
  'sms:delivered': 'DELIVERED',
  'sms:failed': 'FAILED',
};

export type TSmsGatewayEvent =
  | {
      kind: 'received';
      /** The delivery's event id: unique per message (payload.messageId is content-derived and is not). */
      eventId: string;
      deviceId: string | null;
      /** The sender as the app reported it. */
      phoneNumber: string;
      body: string;
      simNumber: number | null;
      receivedAt: string | null;
    }
  | {
      kind: 'status';
      eventId: string | null;
      event: TSmsGatewayStatusEvent;
      /** The gateway's message id: for our sends, the id we gave (`<companyId>-<messageId>`). */
      messageId: string;
      phoneNumber: string | null;
      status: TMessageStatus;
      /** sms:failed only: `reason` (the app) or `error` (client-ts types); both are accepted. */
      error: string | null;
    }
  /** system:ping, and events we do not handle (mms:received, app:started, batch variants…) */
  | { kind: 'other'; eventId: string | null; event: string };

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: TJson, k: string): string | null => (typeof o[k] === 'string' && o[k] !== '' ? (o[k] as string) : null);

/** Parses a webhook body (after its signature was checked). Throws on a body that is not a gateway event. */
export function parseSmsGatewayWebhook(rawBody: Buffer | string): TSmsGatewayEvent {
  const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('SMS gateway webhook: body is not JSON');
  }
  if (!isObject(json)) throw new Error('SMS gateway webhook: body is not an object');
  // PostgreSQL text cannot hold NUL; refuse here rather than fail in a query.
  if (text.includes('\\u0000')) throw new Error('SMS gateway webhook: text may not contain NUL characters');
  const event = str(json, 'event');
  if (!event) throw new Error('SMS gateway webhook: missing event');
  const eventId = str(json, 'id');
  const payload = isObject(json.payload) ? json.payload : null;

  if (event === 'sms:received') {
    if (!payload) throw new Error('SMS gateway webhook: missing payload');
    // Newer builds add `sender`; `phoneNumber` is the field every build sends.
    const phoneNumber = str(payload, 'phoneNumber') ?? str(payload, 'sender');
    const missing = [!eventId && 'id', !phoneNumber && 'payload.phoneNumber', typeof payload.message !== 'string' && 'payload.message'].filter(Boolean);
    if (missing.length > 0) throw new Error(`SMS gateway webhook: missing ${missing.join(', ')}`);
    return {
      kind: 'received',
      eventId: eventId!,
      deviceId: str(json, 'deviceId'),
      phoneNumber: phoneNumber!,
      body: payload.message as string,
      simNumber: typeof payload.simNumber === 'number' ? payload.simNumber : null,
      receivedAt: str(payload, 'receivedAt'),
    };
  }
  if (event === 'sms:sent' || event === 'sms:delivered' || event === 'sms:failed') {
    const messageId = payload && str(payload, 'messageId');
    if (!payload || !messageId) throw new Error('SMS gateway webhook: missing payload.messageId');
    return {
      kind: 'status',
      eventId,
      event,
      messageId,
      phoneNumber: str(payload, 'phoneNumber') ?? str(payload, 'recipient'),
      status: STATUS_BY_EVENT[event],
      error: event === 'sms:failed' ? (str(payload, 'reason') ?? str(payload, 'error')) : null,
    };
  }
  return { kind: 'other', eventId, event };
}
