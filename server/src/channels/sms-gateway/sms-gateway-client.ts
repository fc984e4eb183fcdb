/**
 * "SMS Gateway for Android" client, local-server mode (protocols/channels-and-live.md §4): `POST /message` and
 * `GET /message/{id}` with HTTP Basic auth. The base URL is whatever the company entered (`http://<device-ip>:8080`;
 * tests point it at test/fakes/fake-sms-gateway.ts). Uses Node's built-in fetch only.
 */
import type { TMessageStatus } from '@cd/contracts/message';
import { DEFAULT_PROVIDER_TIMEOUT_MS, isPermanentHttpStatus, readErrorJson, requestProvider, type TProviderFailureMapper } from '../../lib/provider-http';

export interface TSmsGatewayCredentials {
  /** e.g. http://192.168.1.20:8080 (a missing scheme means http: the local server speaks plain HTTP) */
  baseUrl: string;
  username: string;
  password: string;
}

export type TGatewayState = 'Pending' | 'Processed' | 'Sent' | 'Delivered' | 'Failed';

/** The message state object the gateway answers (202 on send, 200 on lookup). */
export interface TGatewayMessage {
  id: string;
  state: string;
  recipients: { phoneNumber: string; state: string; error: string | null }[];
}

export class SmsGatewayError extends Error {
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout): the request may have arrived. */
  readonly status: number;
  /** true when retrying the same request cannot help (400 validation, 401 credentials) */
  readonly permanent: boolean;

  constructor(opts: { message: string; status: number; permanent?: boolean; cause?: unknown }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'SmsGatewayError';
    this.status = opts.status;
    this.permanent = opts.permanent ?? isPermanentHttpStatus(opts.status);
  }
}

/** Maps the gateway's message state to ours; null for anything unknown (a newer app's state). */
export function mapGatewayState(state: string): TMessageStatus | null {
  switch (state) {
    case 'Pending':
    case 'Processed':
      return 'SENDING';
    case 'Sent':
      return 'SENT';
    case 'Delivered':
      return 'DELIVERED';
    case 'Failed':
      return 'FAILED';
    default:
      return null;
  }
}

/**
 * Our idempotency id for a message: `<companyId>-<messageId>`, and `<companyId>-<messageId>-<n>` for the n-th
 * round (n ≥ 2) after the gateway already holds a failed one under the earlier id (a manual retry of a failed
 * message). Deterministic, so a resend after a crash lands on the record the gateway already has.
 */
export function gatewayMessageId(opts: { companyId: number; messageId: number; round?: number }): string {
  const round = opts.round ?? 1;
  return round <= 1 ? `${opts.companyId}-${opts.messageId}` : `${opts.companyId}-${opts.messageId}-${round}`;
}

/** The parts of an id made by gatewayMessageId, or null for ids the gateway made itself (messages not sent by us). */
export function parseGatewayMessageId(id: string): { companyId: number; messageId: number; round: number } | null {
  const m = /^([1-9]\d{0,14})-([1-9]\d{0,14})(?:-([2-9]|[1-9]\d{1,3}))?$/.exec(id);
  if (!m) return null;
  return { companyId: Number(m[1]), messageId: Number(m[2]), round: m[3] ? Number(m[3]) : 1 };
}

function baseUrlOf(creds: TSmsGatewayCredentials): string {
  const raw = creds.baseUrl.trim().replace(/\/+$/, '');
  // The company form accepts "192.168.1.20:8080"; the local server is plain HTTP.
  return /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
}

function basicAuth(creds: TSmsGatewayCredentials): string {
  return 'Basic ' + Buffer.from(`${creds.username}:${creds.password}`, 'utf8').toString('base64');
}

/** Raises a failed `what` (send, lookup) as an SmsGatewayError. */
function gatewayFailure(what: string): TProviderFailureMapper {
  return (f) => new SmsGatewayError({ message: `SMS gateway ${what}: ${f.detail}`, status: f.status, permanent: f.permanent, cause: f.cause });
}

/** Errors are `{"message":"…"}`; a 401 comes from the Basic-auth layer, possibly with an empty body. */
async function errorFromResponse(res: Response, what: string): Promise<SmsGatewayError> {
  const json = (await readErrorJson(res)) as { message?: unknown } | null;
  if (res.status === 401) return new SmsGatewayError({ message: `SMS gateway ${what}: gateway credentials rejected (HTTP 401)`, status: 401, permanent: true });
  const message = typeof json?.message === 'string' && json.message ? json.message : `${res.status} ${res.statusText}`.trim();
  return new SmsGatewayError({ message: `SMS gateway ${what} failed (HTTP ${res.status}): ${message}`.slice(0, 500), status: res.status });
}

/** Reads the state object; a 2xx whose body is unreadable may still mean the message exists, so it is retryable. */
async function readMessage(res: Response, what: string): Promise<TGatewayMessage> {
  let json: { id?: unknown; state?: unknown; recipients?: unknown };
  try {
    json = (await res.json()) as typeof json;
  } catch (err) {
    throw new SmsGatewayError({ message: `SMS gateway ${what}: unreadable ${res.status} response`, status: res.status, permanent: false, cause: err });
  }
  if (typeof json.id !== 'string' || !json.id || typeof json.state !== 'string')
    throw new SmsGatewayError({ message: `SMS gateway ${what}: response without id or state`, status: res.status, permanent: false });
  const recipients = Array.isArray(json.recipients)
    ? (json.recipients as { phoneNumber?: unknown; state?: unknown; error?: unknown }[]).map((r) => ({
        phoneNumber: typeof r.phoneNumber === 'string' ? r.phoneNumber : '',
        state: typeof r.state === 'string' ? r.state : '',
        error: typeof r.error === 'string' && r.error ? r.error : null,
      }))
    : [];
  return { id: json.id, state: json.state, recipients };
}

/**
 * Queues one SMS on the phone. `id` is the idempotency id: the app keeps one message per id and answers a repeated
 * id with the message it already has instead of sending again.
 */
export async function sendGatewayMessage(opts: {
  creds: TSmsGatewayCredentials;
  id: string;
  text: string;
  phoneNumbers: string[];
  withDeliveryReport?: boolean;
  /** default 15 s */
  timeoutMs?: number;
}): Promise<TGatewayMessage> {
  const res = await requestProvider({
    url: `${baseUrlOf(opts.creds)}/message`,
    init: {
      method: 'POST',
      headers: { authorization: basicAuth(opts.creds), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        id: opts.id,
        textMessage: { text: opts.text },
        phoneNumbers: opts.phoneNumbers,
        withDeliveryReport: opts.withDeliveryReport ?? true,
      }),
    },
    timeoutMs: opts.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    fail: gatewayFailure('send'),
    log: { vendor: 'sms_gateway', operation: 'message.send', secrets: [opts.creds.password] },
  });
  if (!res.ok) throw await errorFromResponse(res, 'send');
  return readMessage(res, 'send');
}

/** The gateway's record of a message, or null when it has none (404). */
export async function getGatewayMessage(opts: { creds: TSmsGatewayCredentials; id: string; timeoutMs?: number }): Promise<TGatewayMessage | null> {
  const res = await requestProvider({
    url: `${baseUrlOf(opts.creds)}/message/${encodeURIComponent(opts.id)}`,
    init: { headers: { authorization: basicAuth(opts.creds), accept: 'application/json' } },
    timeoutMs: opts.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    fail: gatewayFailure('lookup'),
    log: { vendor: 'sms_gateway', operation: 'message.get', secrets: [opts.creds.password] },
  });
  if (res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) throw await errorFromResponse(res, 'lookup');
  return readMessage(res, 'lookup');
}

/** The failure text the gateway gives for a message (first recipient error), if any. */
export function gatewayErrorOf(message: TGatewayMessage): string | null {
  return message.recipients.find((r) => r.error)?.error ?? null;
}
