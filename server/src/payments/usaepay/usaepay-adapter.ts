/**
 * USAePay REST API v2 adapter — the spec's "current variant" (protocols/dms-and-payments.md §3, CONFIRMED).
 * Speaks the real protocol; `baseUrl` is configurable (sandbox, production, an endpoint key in place of `v2`, or
 * test/fakes/fake-usaepay.ts).
 *
 * Idempotency: USAePay has no idempotency header. Each attempt's key rides in `orderid`; we never send
 * `ignore_duplicate`, so the gateway's duplicate detection folds a resent identical sale into the first one
 * (`is_duplicate: "Y"`), and findTransaction looks an attempt up by its `orderid` when its outcome was lost.
 */
import { timingSafeEqual } from 'node:crypto';
import { formatDecimalAmount } from '@cd/contracts/payment-money';
import { isPermanentHttpStatus, parseRetryAfter } from '../../lib/provider-http';
import { PaymentError, type TPaymentErrorKind } from '../payment-error';
import { sendPaymentRequest, type TPaymentHttpResponse } from '../payment-http';
import { redactPaymentText } from '../payment-redact';
import type {
  TPaymentCallSink,
  TPaymentProcessor,
  TPaymentTransaction,
  TSaleOptions,
  TTerminalRequest,
  TWebhookVerification,
} from '../payment-processor.types';
import { buildUsaepayAuthorization, createUsaepaySeed, isValidUsaepaySignature } from './usaepay-auth';
import { mapUsaepayCustomerList } from './usaepay-customers';
import { asObject, mapUsaepayDevice, mapUsaepayEvent, mapUsaepayPayRequest, mapUsaepayTransaction, text, type TJson } from './usaepay-map';

export const USAEPAY_PRODUCTION_URL = 'https://usaepay.com/api/v2';
export const USAEPAY_SANDBOX_URL = 'https://sandbox.usaepay.com/api/v2';
/** How many pages of recent transactions findTransaction reads (100 each) before giving up. */
const FIND_PAGES = 3;

export interface TUsaepayOptions {
  /** e.g. https://sandbox.usaepay.com/api/v2 (no trailing slash needed). */
  baseUrl?: string;
  apiKey: string;
  /** Required for refunds and voids (gateway error 84 without it). */
  pin: string | null;
  /** The webhook "Signature Key" (or the API key in "Source Key" mode); null = webhooks refused. */
  webhookSignatureKey: string | null;
  /** The webhook's optional "Basic" authentication (console setting, §3.7): when set, deliveries must carry it. */
  webhookBasicAuth?: { user: string; password: string } | null;
  /** A separate API key whose public key feeds the hosted card fields; defaults to apiKey. */
  tokenizationKey?: { apiKey: string; pin: string | null } | null;
  timeoutMs?: number;
  onCall?: TPaymentCallSink;
  /** Tests pin the seed to reproduce the documented header. */
  seed?: () => string;
}

/** Gateway error codes with a meaning of their own (§3.1, §3.3, §3.6). */
const CODE_KINDS: Record<string, TPaymentErrorKind> = {
  '23': 'auth',
  '84': 'auth',
  '155': 'rate_limited',
  '156': 'auth',
  '21121': 'not_found',
  '21144': 'timeout',
  '21145': 'offline',
  '21146': 'busy',
};

export function createUsaepayProcessor(opts: TUsaepayOptions): TPaymentProcessor {
  const base = (opts.baseUrl ?? USAEPAY_PRODUCTION_URL).replace(/\/+$/, '');
  const secrets = [opts.apiKey, opts.pin ?? '', opts.webhookSignatureKey ?? '', opts.tokenizationKey?.apiKey ?? ''].filter(Boolean);

  async function call<T>(o: {
    operation: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    body?: TJson;
    movesMoney?: boolean;
    key?: { apiKey: string; pin: string | null };
    signal?: AbortSignal;
    extraSecrets?: string[];
    read: (json: TJson, res: TPaymentHttpResponse) => T;
  }): Promise<T> {
    const key = o.key ?? { apiKey: opts.apiKey, pin: opts.pin };
    const headers: Record<string, string> = {
      authorization: buildUsaepayAuthorization({ ...key, seed: (opts.seed ?? createUsaepaySeed)() }),
      accept: 'application/json',
    };
    if (o.body) headers['content-type'] = 'application/json';
    const movesMoney = o.movesMoney ?? false;
    return sendPaymentRequest(
      {
        provider: 'usaepay',
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
      (res) => o.read(interpret(res, o.operation, movesMoney), res),
    );
  }

  /** The body as JSON, or the PaymentError the answer means. */
  function interpret(res: TPaymentHttpResponse, operation: string, movesMoney: boolean): TJson {
    let json: unknown;
    try {
      json = res.body ? JSON.parse(res.body) : null;
    } catch {
      json = null;
    }
    const obj = asObject(json) ?? {};
    const code = text(obj.errorcode) ?? (res.status >= 400 ? text(obj.error_code) : null);
    if (res.status >= 200 && res.status < 300 && !(code && CODE_KINDS[code])) {
      if (json === null)
        throw fail({ kind: 'unavailable', status: res.status, message: `USAePay answered ${operation} with no JSON.`, outcomeUnknown: movesMoney });
      return typeof json === 'string' ? { value: json } : obj;
    }
    const words = text(obj.error) ?? text(obj.message) ?? `HTTP ${res.status}`;
    const kind: TPaymentErrorKind =
      (code && CODE_KINDS[code]) ||
      (res.status === 429
        ? 'rate_limited'
        : res.status === 401 || res.status === 403
          ? 'auth'
          : res.status === 404
            ? 'not_found'
            : isPermanentHttpStatus(res.status)
              ? 'rejected'
              : 'unavailable');
    throw fail({
      kind,
      status: res.status,
      code,
      message: `USAePay ${operation} failed (HTTP ${res.status}${code ? `, error ${code}` : ''}): ${words}`,
      // A 5xx to a money call may have been processed before the gateway broke: only a 4xx is surely nothing.
      outcomeUnknown: movesMoney && res.status >= 500,
      retryAfterMs: kind === 'rate_limited' ? (parseRetryAfter(res.headers.get('retry-after')) ?? 60_000) : null,
    });
  }

  function fail(o: { kind: TPaymentErrorKind; status: number; message: string; code?: string | null; outcomeUnknown?: boolean; retryAfterMs?: number | null }) {
    return new PaymentError({
      provider: 'usaepay',
      kind: o.kind,
      status: o.status,
      providerCode: o.code ?? null,
      // The gateway's words may echo what was sent: the message is redacted like the call log.
      message: redactPaymentText({ text: o.message, secrets }),
      outcomeUnknown: o.outcomeUnknown,
      retryAfterMs: o.retryAfterMs,
    });
  }

  function transactionOrThrow(json: TJson, requested: { amountCents?: number; kind?: TPaymentTransaction['kind'] }): TPaymentTransaction {
    if (json.type !== 'transaction' && !json.result_code)
      throw fail({ kind: 'unavailable', status: 200, message: 'USAePay answered without a transaction.', outcomeUnknown: true });
    return mapUsaepayTransaction(json, requested);
  }

  async function sale(o: TSaleOptions): Promise<TPaymentTransaction> {
    if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
    const body: TJson = {
      command: 'cc:sale',
      amount: formatDecimalAmount(o.amountCents),
      invoice: o.invoice,
      orderid: o.idempotencyKey,
    };
    if (o.subtotalCents !== undefined || o.taxCents !== undefined)
      body.amount_detail = {
        ...(o.subtotalCents !== undefined ? { subtotal: formatDecimalAmount(o.subtotalCents) } : {}),
        ...(o.taxCents !== undefined ? { tax: formatDecimalAmount(o.taxCents) } : {}),
      };
    if (o.description) body.description = o.description;
    if (o.customerEmail) body.email = o.customerEmail;
    if (o.saveCard) body.save_card = true;
    // A one-time key from the hosted fields goes top-level; a saved token goes where a card number would (§3.3).
    if (o.source.kind === 'payment_key') body.payment_key = o.source.paymentKey;
    else body.creditcard = { number: o.source.token };
    const credential = o.source.kind === 'payment_key' ? o.source.paymentKey : o.source.token;
    return call({
      operation: 'sale',
      method: 'POST',
      path: '/transactions',
      body,
      movesMoney: true,
      signal: o.signal,
      extraSecrets: [credential],
      read: (json) => transactionOrThrow(json, { amountCents: o.amountCents, kind: 'sale' }),
    });
  }

  async function getTransaction(o: { transactionKey: string; signal?: AbortSignal }): Promise<TPaymentTransaction | null> {
    try {
      return await call({
        operation: 'get transaction',
        method: 'GET',
        path: `/transactions/${encodeURIComponent(o.transactionKey)}`,
        signal: o.signal,
        read: (json) => mapUsaepayTransaction(json),
      });
    } catch (err) {
      if (err instanceof PaymentError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  async function findTransaction(o: { idempotencyKey: string; signal?: AbortSignal }): Promise<TPaymentTransaction | null> {
    for (let page = 0; page < FIND_PAGES; page++) {
      const list = await call({
        operation: 'list transactions',
        method: 'GET',
        path: `/transactions?limit=100&offset=${page * 100}`,
        signal: o.signal,
        read: (json) => ({ data: Array.isArray(json.data) ? json.data : [], total: Number(text(json.total) ?? 0) }),
      });
      const hit = list.data.map(asObject).find((t) => t && text(t.orderid) === o.idempotencyKey);
      if (hit) return mapUsaepayTransaction(hit);
      if ((page + 1) * 100 >= list.total || list.data.length === 0) break;
    }
    return null;
  }

  function verifyWebhook(o: { rawBody: Buffer | string; headers: Record<string, string | string[] | undefined>; trusted?: boolean }): TWebhookVerification {
    if (!opts.webhookSignatureKey) return { ok: false, refusal: 'not_configured' };
    return o.trusted ? parseWebhookEvent(o.rawBody) : checkWebhookSignature(o, opts.webhookSignatureKey);
  }

  function checkWebhookSignature(
    o: { rawBody: Buffer | string; headers: Record<string, string | string[] | undefined> },
    signatureKey: string,
  ): TWebhookVerification {
    const header = Object.entries(o.headers).find(([name]) => name.toLowerCase() === 'x-signature')?.[1];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) return { ok: false, refusal: 'missing_signature' };
    if (!isValidUsaepaySignature({ signatureKey, rawBody: o.rawBody, signature })) return { ok: false, refusal: 'bad_signature' };
    if (opts.webhookBasicAuth) {
      const auth = Object.entries(o.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
      const given = Buffer.from(String(Array.isArray(auth) ? auth[0] : (auth ?? '')), 'utf8');
      const expected = Buffer.from(
        `Basic ${Buffer.from(`${opts.webhookBasicAuth.user}:${opts.webhookBasicAuth.password}`, 'utf8').toString('base64')}`,
        'utf8',
      );
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, refusal: 'bad_signature' };
    }
    return parseWebhookEvent(o.rawBody);
  }

  function parseWebhookEvent(rawBody: Buffer | string): TWebhookVerification {
    let json: TJson | null;
    try {
      json = asObject(JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')));
    } catch {
      json = null;
    }
    const event = json && json.type === 'event' ? mapUsaepayEvent(json) : null;
    if (!event?.eventId) return { ok: false, refusal: 'malformed_body' };
    return { ok: true, event };
  }

  return {
    provider: 'usaepay',
    async verifyCredentials(o = {}) {
      try {
        await call({ operation: 'verify credentials', method: 'GET', path: '/transactions?limit=1', signal: o.signal, read: () => null });
        return { statusCode: 200, message: 'OK' };
      } catch (err) {
        if (err instanceof PaymentError) return { statusCode: err.status || 502, message: err.message };
        throw err;
      }
    },
    async getPublicKey(o = {}) {
      return call({
        operation: 'public key',
        method: 'GET',
        path: '/publickey',
        key: opts.tokenizationKey ?? undefined,
        signal: o.signal,
        read: (json) => {
          const key = text(json.value) ?? text(json.publickey) ?? text(json.key);
          if (!key) throw fail({ kind: 'unavailable', status: 200, message: 'USAePay answered the public key request without a key.' });
          return key;
        },
      });
    },
    sale,
    getTransaction,
    findTransaction,
    async refund(o) {
      const body: TJson = { command: 'refund', trankey: o.transactionKey, orderid: o.idempotencyKey };
      if (o.amountCents !== undefined) {
        if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
        body.amount = formatDecimalAmount(o.amountCents);
      }
      return call({
        operation: 'refund',
        method: 'POST',
        path: '/transactions',
        body,
        movesMoney: true,
        signal: o.signal,
        read: (json) => transactionOrThrow(json, { amountCents: o.amountCents, kind: 'refund' }),
      });
    },
    async void(o) {
      return call({
        operation: 'void',
        method: 'POST',
        path: '/transactions',
        body: { command: 'void', trankey: o.transactionKey },
        movesMoney: true,
        signal: o.signal,
        read: (json) => transactionOrThrow(json, { kind: 'void' }),
      });
    },
    async listCustomers(o) {
      const limit = Math.min(Math.max(Math.trunc(o.limit), 1), 100);
      return call({
        operation: 'list customers',
        method: 'GET',
        path: `/customers?limit=${limit}&offset=${Math.max(Math.trunc(o.offset), 0)}`,
        signal: o.signal,
        read: (json) => mapUsaepayCustomerList(json),
      });
    },
    async listTerminals(o = {}) {
      return call({
        operation: 'list devices',
        method: 'GET',
        path: '/paymentengine/devices',
        signal: o.signal,
        read: (json) =>
          (Array.isArray(json.data) ? json.data : [])
            .map(asObject)
            .filter((d): d is TJson => d !== null)
            .map(mapUsaepayDevice),
      });
    },
    async createTerminalRequest(o): Promise<TTerminalRequest> {
      if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
      return call({
        operation: 'create pay request',
        method: 'POST',
        path: '/paymentengine/payrequests',
        body: {
          devicekey: o.deviceKey,
          command: 'cc:sale',
          amount: formatDecimalAmount(o.amountCents),
          invoice: o.invoice,
          orderid: o.idempotencyKey,
          timeout: o.timeoutSeconds ?? 180,
          block_offline: true,
          save_card: false,
          prompt_tip: false,
        },
        movesMoney: true,
        signal: o.signal,
        read: (json) => mapUsaepayPayRequest(json, o.amountCents),
      });
    },
    async getTerminalRequest(o) {
      return call({
        operation: 'poll pay request',
        method: 'GET',
        path: `/paymentengine/payrequests/${encodeURIComponent(o.requestKey)}`,
        signal: o.signal,
        read: (json) => mapUsaepayPayRequest(json),
      });
    },
    async cancelTerminalRequest(o) {
      await call({
        operation: 'cancel pay request',
        method: 'DELETE',
        path: `/paymentengine/payrequests/${encodeURIComponent(o.requestKey)}`,
        signal: o.signal,
        read: () => null,
      });
    },
    verifyWebhook,
  };
}
