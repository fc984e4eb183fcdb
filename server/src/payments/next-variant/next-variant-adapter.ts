/**
 * The spec's "next variant" card processor (protocols/dms-and-payments.md §6). Its vendor is UNKNOWN: no stored
 * source matches "app key" + "api secret" + a verify-credentials call answering `status_code`/`message`.
 *
 * CONFIRMED by the spec (part 2 §3, §5, §7, §8): the credential names (app key, api secret); a verify-credentials
 * call whose answer the screen shows as "{provider}: {message} ({status_code})", 200 meaning valid.
 *
 * CONSTRUCTED here (a conventional card-API shape, kept in this one folder so the real vendor's protocol replaces it
 * without touching the module), and mirrored by test/fakes/fake-next-payments.ts:
 * - auth: HTTP Basic base64(appKey:apiSecret) on every call (as modules/integrations' existing verify call does);
 * - POST /v1/credentials/verify → {status_code, message};  GET /v1/public-key → {public_key};
 * - POST /v1/charges {amount:"12.34", currency:"USD", invoice, reference, payment_token | card_token, save_card}
 *   with an `Idempotency-Key` header (a replay answers the first result with `Idempotent-Replayed: true`);
 *   GET /v1/charges/{id}; GET /v1/charges?reference=…; POST /v1/charges/{id}/refunds {amount?}; POST /v1/charges/{id}/void;
 * - GET /v1/terminals; POST /v1/terminals/{id}/requests; GET|DELETE /v1/terminal-requests/{id};
 * - errors {status_code, message, error_code}; 429 with Retry-After;
 * - webhooks: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(apiSecret, t + "." + raw body)>`, 5 minutes'
 *   tolerance (the timestamp inside the signature defeats replays of old deliveries).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatDecimalAmount, parseDecimalAmount } from '@cd/contracts/payment-money';
import { maskCardNumbers } from '../../lib/card-numbers';
import { isPermanentHttpStatus, parseRetryAfter } from '../../lib/provider-http';
import { PaymentError, type TPaymentErrorKind } from '../payment-error';
import { sendPaymentRequest } from '../payment-http';
import { redactPaymentText } from '../payment-redact';
import type {
  TCardBrand,
  TDeclineReason,
  TPaymentCallSink,
  TPaymentProcessor,
  TPaymentTransaction,
  TTerminalRequest,
  TTerminalRequestState,
  TWebhookEventKind,
  TWebhookVerification,
} from '../payment-processor.types';

const SIGNATURE_TOLERANCE_S = 300;
type TJson = Record<string, unknown>;

export interface TNextVariantOptions {
  baseUrl: string;
  appKey: string;
  apiSecret: string;
  timeoutMs?: number;
  onCall?: TPaymentCallSink;
  now?: () => number;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const obj = (v: unknown): TJson | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : null);

const OUTCOMES: Record<string, TPaymentTransaction['outcome']> = { approved: 'approved', partially_approved: 'partial', declined: 'declined', error: 'error' };
const DECLINES = new Set<TDeclineReason>([
  'insufficient_funds',
  'do_not_honor',
  'card_declined',
  'cvc_failed',
  'restricted_card',
  'expired_card',
  'fraud_suspected',
  'referral',
]);
const BRANDS = new Set<TCardBrand>(['visa', 'mastercard', 'amex', 'discover']);
const TERMINAL_STATES = new Set<TTerminalRequestState>(['pending', 'processing', 'complete', 'canceled', 'failed', 'timeout', 'error']);
const EVENT_KINDS: Record<string, TWebhookEventKind> = {
  'charge.succeeded': 'sale_success',
  'charge.failed': 'sale_failure',
  'charge.voided': 'sale_voided',
  'refund.succeeded': 'refund_success',
};

export function mapNextCharge(json: TJson, kind: TPaymentTransaction['kind'] = 'sale'): TPaymentTransaction {
  const outcome = OUTCOMES[str(json.status) ?? ''] ?? 'error';
  const card = obj(json.card);
  const brand = str(card?.brand) as TCardBrand | null;
  const decline = str(json.decline_code) as TDeclineReason | null;
  const amountCents = parseDecimalAmount(json.amount) ?? 0;
  const createdAt = str(json.created_at) ? new Date(str(json.created_at)!) : null;
  return {
    key: str(json.id) ?? '',
    refnum: null,
    kind,
    outcome,
    amountCents,
    authorizedCents: outcome === 'approved' || outcome === 'partial' ? (parseDecimalAmount(json.authorized_amount) ?? amountCents) : 0,
    authCode: str(json.auth_code),
    card: { brand: brand ? (BRANDS.has(brand) ? brand : 'other') : null, last4: str(card?.last4) },
    invoice: str(json.invoice),
    orderId: str(json.reference),
    declineReason: outcome === 'declined' ? (decline && DECLINES.has(decline) ? decline : 'other') : null,
    errorCode: str(json.error_code) ?? (outcome === 'declined' ? decline : null),
    message: maskCardNumbers(str(json.message) ?? outcome).text,
    duplicate: false,
    savedCardToken: str(json.card_token),
    settlement: json.voided === true ? 'voided' : outcome === 'approved' || outcome === 'partial' ? 'pending' : null,
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
  };
}

function mapTerminalRequest(json: TJson): TTerminalRequest {
  const state = str(json.status) as TTerminalRequestState | null;
  const charge = obj(json.charge);
  return {
    key: str(json.id) ?? '',
    state: state && TERMINAL_STATES.has(state) ? state : 'pending',
    providerStatus: str(json.status) ?? '',
    transaction: charge ? mapNextCharge(charge) : null,
    expiresAt: str(json.expires_at) ? new Date(str(json.expires_at)!) : null,
  };
}

export function signNextWebhook(opts: { apiSecret: string; timestamp: number; rawBody: Buffer | string }): string {
  const mac = createHmac('sha256', opts.apiSecret).update(`${opts.timestamp}.`).update(opts.rawBody).digest('hex');
  return `t=${opts.timestamp},v1=${mac}`;
}

export function createNextVariantProcessor(opts: TNextVariantOptions): TPaymentProcessor {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const secrets = [opts.appKey, opts.apiSecret];
  const now = opts.now ?? Date.now;
  const authorization = `Basic ${Buffer.from(`${opts.appKey}:${opts.apiSecret}`, 'utf8').toString('base64')}`;

  async function call<T>(o: {
    operation: string;
    method: 'GET' | 'POST' | 'DELETE';
    path: string;
    body?: TJson;
    idempotencyKey?: string;
    movesMoney?: boolean;
    signal?: AbortSignal;
    extraSecrets?: string[];
    read: (json: TJson, headers: Headers) => T;
  }): Promise<T> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (o.body) headers['content-type'] = 'application/json';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    const movesMoney = o.movesMoney ?? false;
    return sendPaymentRequest(
      {
        provider: 'next',
        operation: o.operation,
        method: o.method,
        url: `${base}${o.path}`,
        headers,
        body: o.body ? JSON.stringify(o.body) : undefined,
        movesMoney,
        timeoutMs: opts.timeoutMs,
        signal: o.signal,
        onCall: opts.onCall,
        secrets: [...secrets, ...(o.extraSecrets ?? [])],
      },
      (res) => {
        let json: TJson | null;
        try {
          json = obj(JSON.parse(res.body));
        } catch {
          json = null;
        }
        if (res.status >= 200 && res.status < 300 && json) return o.read(json, res.headers);
        const code = str(json?.error_code);
        const kind: TPaymentErrorKind =
          res.status === 429
            ? 'rate_limited'
            : res.status === 401 || res.status === 403
              ? 'auth'
              : res.status === 404
                ? 'not_found'
                : res.status === 409 && code === 'terminal_busy'
                  ? 'busy'
                  : code === 'terminal_offline'
                    ? 'offline'
                    : isPermanentHttpStatus(res.status)
                      ? 'rejected'
                      : 'unavailable';
        throw new PaymentError({
          provider: 'next',
          kind,
          status: res.status,
          providerCode: code,
          outcomeUnknown: movesMoney && (res.status >= 500 || !json),
          retryAfterMs: kind === 'rate_limited' ? (parseRetryAfter(res.headers.get('retry-after')) ?? 60_000) : null,
          // The provider's words may echo what was sent: the message is redacted like the call log.
          message: redactPaymentText({
            text: `Payment provider ${o.operation} failed (HTTP ${res.status}${code ? `, ${code}` : ''}): ${str(json?.message) ?? 'no message'}`,
            secrets: [...secrets, ...(o.extraSecrets ?? [])],
          }),
        });
      },
    );
  }

  const positive = (cents: number) => {
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
    return formatDecimalAmount(cents);
  };

  function verifyWebhook(o: { rawBody: Buffer | string; headers: Record<string, string | string[] | undefined>; trusted?: boolean }): TWebhookVerification {
    const refusal = o.trusted ? null : signatureRefusal(o);
    return refusal ? { ok: false, refusal } : parseWebhookEvent(o.rawBody);
  }

  function signatureRefusal(o: {
    rawBody: Buffer | string;
    headers: Record<string, string | string[] | undefined>;
  }): 'missing_signature' | 'bad_signature' | null {
    const header = Object.entries(o.headers).find(([n]) => n.toLowerCase() === 'x-signature')?.[1];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) return 'missing_signature';
    const parts = Object.fromEntries(value.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1 || Math.abs(now() / 1000 - t) > SIGNATURE_TOLERANCE_S) return 'bad_signature';
    const expected = Buffer.from(signNextWebhook({ apiSecret: opts.apiSecret, timestamp: t, rawBody: o.rawBody }).split('v1=')[1]!, 'utf8');
    const given = Buffer.from(parts.v1.toLowerCase(), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
    return null;
  }

  function parseWebhookEvent(rawBody: Buffer | string): TWebhookVerification {
    let json: TJson | null;
    try {
      json = obj(JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')));
    } catch {
      json = null;
    }
    const data = obj(json?.data);
    if (!json || !str(json.id) || !str(json.type)) return { ok: false, refusal: 'malformed_body' };
    return {
      ok: true,
      event: {
        eventId: str(json.id)!,
        type: str(json.type)!,
        kind: EVENT_KINDS[str(json.type)!] ?? 'other',
        triggeredAt: str(json.created_at) ? new Date(str(json.created_at)!) : null,
        transactionKey: str(data?.id),
        invoice: str(data?.invoice),
        amountCents: parseDecimalAmount(data?.amount),
      },
    };
  }

  return {
    provider: 'next',
    async verifyCredentials(o = {}) {
      try {
        return await call({
          operation: 'verify credentials',
          method: 'POST',
          path: '/v1/credentials/verify',
          signal: o.signal,
          read: (json) => ({ statusCode: Number(json.status_code ?? 200), message: str(json.message) ?? 'OK' }),
        });
      } catch (err) {
        // The spec's screen shows "{provider}: {message} ({status_code})": the refusal is an answer, not a crash.
        if (err instanceof PaymentError) return { statusCode: err.status || 502, message: err.message };
        throw err;
      }
    },
    getPublicKey: (o = {}) =>
      call({
        operation: 'public key',
        method: 'GET',
        path: '/v1/public-key',
        signal: o.signal,
        read: (json) => {
          const key = str(json.public_key);
          if (!key) throw new PaymentError({ provider: 'next', kind: 'unavailable', message: 'The payment provider answered without a public key.' });
          return key;
        },
      }),
    sale: (o) => {
      const body: TJson = { amount: positive(o.amountCents), currency: 'USD', invoice: o.invoice, reference: o.idempotencyKey };
      if (o.subtotalCents !== undefined) body.subtotal = formatDecimalAmount(o.subtotalCents);
      if (o.taxCents !== undefined) body.tax = formatDecimalAmount(o.taxCents);
      if (o.description) body.description = o.description;
      if (o.customerEmail) body.receipt_email = o.customerEmail;
      if (o.saveCard) body.save_card = true;
      if (o.source.kind === 'payment_key') body.payment_token = o.source.paymentKey;
      else body.card_token = o.source.token;
      return call({
        operation: 'sale',
        method: 'POST',
        path: '/v1/charges',
        body,
        idempotencyKey: o.idempotencyKey,
        movesMoney: true,
        signal: o.signal,
        extraSecrets: [o.source.kind === 'payment_key' ? o.source.paymentKey : o.source.token],
        read: (json, headers) => ({ ...mapNextCharge(json), duplicate: headers.get('idempotent-replayed') === 'true' }),
      });
    },
    async getTransaction(o) {
      try {
        return await call({
          operation: 'get charge',
          method: 'GET',
          path: `/v1/charges/${encodeURIComponent(o.transactionKey)}`,
          signal: o.signal,
          read: (json) => mapNextCharge(json),
        });
      } catch (err) {
        if (err instanceof PaymentError && err.kind === 'not_found') return null;
        throw err;
      }
    },
    findTransaction: (o) =>
      call({
        operation: 'find charge',
        method: 'GET',
        path: `/v1/charges?reference=${encodeURIComponent(o.idempotencyKey)}`,
        signal: o.signal,
        read: (json) => {
          const first = Array.isArray(json.data) ? obj(json.data[0]) : null;
          return first ? mapNextCharge(first) : null;
        },
      }),
    refund: (o) =>
      call({
        operation: 'refund',
        method: 'POST',
        path: `/v1/charges/${encodeURIComponent(o.transactionKey)}/refunds`,
        body: o.amountCents === undefined ? {} : { amount: positive(o.amountCents) },
        idempotencyKey: o.idempotencyKey,
        movesMoney: true,
        signal: o.signal,
        read: (json, headers) => ({ ...mapNextCharge(json, 'refund'), duplicate: headers.get('idempotent-replayed') === 'true' }),
      }),
    void: (o) =>
      call({
        operation: 'void',
        method: 'POST',
        path: `/v1/charges/${encodeURIComponent(o.transactionKey)}/void`,
        movesMoney: true,
        signal: o.signal,
        read: (json) => ({ ...mapNextCharge(json), kind: 'void' as const }),
      }),
    // The next variant's vendor is unknown (protocols §4): no customer vault to read.
    listCustomers: async () => {
      throw new PaymentError({ provider: 'next', kind: 'rejected', message: 'Syncing customers is not supported by the next variant.' });
    },
    listTerminals: (o = {}) =>
      call({
        operation: 'list terminals',
        method: 'GET',
        path: '/v1/terminals',
        signal: o.signal,
        read: (json) =>
          (Array.isArray(json.data) ? json.data : [])
            .map(obj)
            .filter((d): d is TJson => d !== null)
            .map((d) => ({
              key: str(d.id) ?? '',
              name: str(d.name) ?? '',
              serial: str(d.serial),
              model: str(d.model),
              status: d.status === 'online' ? ('connected' as const) : d.status === 'offline' ? ('offline' as const) : ('other' as const),
              providerStatus: str(d.status) ?? '',
            })),
      }),
    createTerminalRequest: (o) =>
      call({
        operation: 'create terminal request',
        method: 'POST',
        path: `/v1/terminals/${encodeURIComponent(o.deviceKey)}/requests`,
        body: { amount: positive(o.amountCents), currency: 'USD', invoice: o.invoice, reference: o.idempotencyKey, timeout: o.timeoutSeconds ?? 180 },
        idempotencyKey: o.idempotencyKey,
        movesMoney: true,
        signal: o.signal,
        read: mapTerminalRequest,
      }),
    getTerminalRequest: (o) =>
      call({
        operation: 'poll terminal request',
        method: 'GET',
        path: `/v1/terminal-requests/${encodeURIComponent(o.requestKey)}`,
        signal: o.signal,
        read: mapTerminalRequest,
      }),
    async cancelTerminalRequest(o) {
      await call({
        operation: 'cancel terminal request',
        method: 'DELETE',
        path: `/v1/terminal-requests/${encodeURIComponent(o.requestKey)}`,
        signal: o.signal,
        read: () => null,
      });
    },
    verifyWebhook,
  };
}
