/**
 * A fake USAePay REST v2 gateway for tests: real HTTP on 127.0.0.1 (ephemeral port), the subset the adapter uses
 * (protocols/dms-and-payments.md §3.9): Basic s2/seed/hash auth recomputed per request, a per-key rate limit,
 * the /transactions command dispatcher with the sandbox test cards (§3.8), one-time payment keys, duplicate folding,
 * refund/void rules, /publickey, the Payment Engine (device pairing, pay request state machine) and a webhook
 * emitter with X-Signature. Hash and signature code is written independently of src/ so tests do not check the
 * adapter against itself. Behaviour the docs do not fix is marked CONSTRUCTED.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeCustomerVault, type TFakeVaultCustomerInput } from './fake-usaepay-customers';
import { createFakePaymentEngine, type TFakeDeviceBehaviour } from './fake-usaepay-engine';

type TJson = Record<string, unknown>;

interface TCard {
  number: string;
  expiration: string;
}

interface TTx {
  key: string;
  refnum: string;
  apiKey: string;
  trantype: 'Credit Card Sale' | 'Credit Card Refund' | 'Void';
  resultCode: 'A' | 'P' | 'D' | 'E';
  result: string;
  error: string | null;
  errorCode: string | number | null;
  amountCents: number;
  authCents: number;
  refundedCents: number;
  invoice: string | null;
  orderid: string | null;
  card: TCard | null;
  statusCode: 'P' | 'S' | 'V' | 'E';
  savedToken: string | null;
  created: string;
  fingerprint: string | null;
}

export interface TFakeUsaepayKey {
  apiKey: string;
  pin: string;
  signatureKey: string;
}

/** Sandbox outcomes (§3.3, §3.8). Declines carry error_code as TEXT; the fraud-reject card is an error (CONSTRUCTED). */
const DECLINES: Record<string, [string, string]> = {
  '4000300011112220': ['10127', 'Card Declined (00)'],
  '4000300211112228': ['10205', 'Do not Honor'],
  '4000300611112224': ['10251', 'Insufficient funds'],
  '4000300811112222': ['10257', 'Declined'],
  '4000300911112221': ['10262', 'Restricted Card'],
  '4000301311112225': ['10297', 'Declined for CVV failure'],
  '4000300111112229': ['10130', 'Referral: call issuer'],
};
const PARTIAL: Record<string, number> = { '4000000011112275': 50, '4000000011112283': 75 };
const ERROR_CARD = '4000301511112223';
/** How long an identical sale is folded into the first (CONSTRUCTED: the real window is a merchant setting). */
const DUPLICATE_WINDOW_MS = 15 * 60_000;

export interface TFakeUsaepay {
  baseUrl: string;
  key: TFakeUsaepayKey;
  /** A second key (the tokenization source key) whose public key differs. */
  tokenizationKey: TFakeUsaepayKey;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
  transactions(): readonly TTx[];
  /** What Pay.js does in the browser: turns card data into a one-time payment key (valid ttlMs, one use). */
  issuePaymentKey(card: { number: string; expiration?: string }, ttlMs?: number): string;
  setRateLimit(perMinute: number): void;
  /** The next n requests answer this (after being counted); `process` = the request is carried out first. */
  failNext(n: number, answer: { status: number; body?: TJson | string; process?: boolean }): void;
  /** The next request is carried out at once but answered only after ms (a lost answer). */
  delayNext(ms: number): void;
  closeBatch(): void;
  /** A paired, connected terminal. */
  addDevice(o: { name: string; serial: string; behaviour?: TFakeDeviceBehaviour; status?: string }): string;
  pairDevice(pairingCode: number, serial: string): boolean;
  setDevice(key: string, o: { behaviour?: TFakeDeviceBehaviour; status?: string }): void;
  /** Milliseconds per pay request status step (default 20). */
  setPayRequestStepMs(ms: number): void;
  setWebhook(o: { url: string; basicAuth?: { user: string; password: string } } | null): void;
  /** A customer in the vault of `key` (default: the main key); answers its key and its payment methods' tokens. */
  addCustomer(c: TFakeVaultCustomerInput, apiKey?: string): { key: string; methodKeys: string[] };
  /** Events not yet delivered. */
  pendingEvents(): string[];
  /** Delivers pending events: optionally each `copies` times, in reverse order, concurrently. */
  flushWebhooks(o?: { copies?: number; reverse?: boolean }): Promise<Array<{ status: number; body: string }>>;
  /** Signs any body as the gateway would (for tests that forge or tamper). */
  sign(rawBody: string, signatureKey?: string): string;
  close(): Promise<void>;
}

export async function startFakeUsaepay(): Promise<TFakeUsaepay> {
  const newKey = (): TFakeUsaepayKey => ({
    apiKey: `_${randomBytes(16).toString('hex')}`,
    pin: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
    signatureKey: randomBytes(20).toString('hex'),
  });
  const key = newKey();
  const tokenizationKey = newKey();
  const keys = new Map([key, tokenizationKey].map((k) => [k.apiKey, k]));
  const publicKeys = new Map<string, string>();
  const txs: TTx[] = [];
  const paymentKeys = new Map<string, { card: TCard; expiresAt: number; usedBy: string | null }>();
  const savedCards = new Map<string, TCard>();
  const requests: TFakeUsaepay['requests'] = [];
  const events: string[] = [];
  const hits = new Map<string, number[]>();
  let rateLimit = 45;
  let failures: Array<{ status: number; body?: TJson | string; process?: boolean }> = [];
  let delayMs = 0;
  let webhook: { url: string; basicAuth?: { user: string; password: string } } | null = null;
  let refnum = 100000;

  const id = (n = 15) =>
    randomBytes(n)
      .toString('base64url')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, n)
      .padEnd(n, '0');
  const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
  const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const cents = (v: unknown): number | null => {
    const m = typeof v === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(v) : null;
    return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
  };
  const mask = (n: string) => `${n.slice(0, 4)}${'x'.repeat(Math.max(0, n.length - 8))}${n.slice(-4)}`;
  const cardType = (n: string) => (n.startsWith('4') ? 'V' : n.startsWith('5') ? 'M' : n.startsWith('3') ? 'A' : 'DS');

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  /** Recomputes the documented hash; null = refused (CONSTRUCTED body: error 23 for any bad key or hash, §7). */
  function authenticate(req: IncomingMessage): { key: TFakeUsaepayKey; hasPin: boolean } | null {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return null;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const k = keys.get(decoded.slice(0, colon));
    if (!k) return null;
    const hash = decoded.slice(colon + 1);
    if (hash === '') return { key: k, hasPin: false };
    const parts = /^s2\/([^/]+)\/([0-9a-f]{64})$/.exec(hash);
    if (!parts) return null;
    const expected = createHash('sha256').update(`${k.apiKey}${parts[1]}${k.pin}`).digest('hex');
    return expected === parts[2] ? { key: k, hasPin: true } : null;
  }

  function txJson(t: TTx): TJson {
    return {
      type: 'transaction',
      key: t.key,
      refnum: t.refnum,
      is_duplicate: 'N',
      result_code: t.resultCode,
      result: t.result,
      ...(t.error ? { error: t.error, error_code: t.errorCode } : {}),
      authcode: t.resultCode === 'A' || t.resultCode === 'P' ? '314407' : '',
      trantype: t.trantype,
      amount: dollars(t.amountCents),
      auth_amount: dollars(t.authCents),
      invoice: t.invoice ?? '',
      orderid: t.orderid ?? '',
      ...(t.card ? { creditcard: { number: mask(t.card.number), type: cardType(t.card.number), entry_mode: 'Card Not Present, Manually Keyed' } } : {}),
      ...(t.savedToken && t.card ? { savedcard: { type: 'Visa', key: t.savedToken, cardnumber: mask(t.card.number), expiration: t.card.expiration } } : {}),
      status_code: t.statusCode,
      created: t.created,
    };
  }

  function record(t: Omit<TTx, 'key' | 'refnum' | 'created' | 'refundedCents' | 'statusCode'> & { statusCode?: TTx['statusCode'] }): TTx {
    const tx: TTx = { ...t, key: id(15), refnum: String(++refnum), created: now(), refundedCents: 0, statusCode: t.statusCode ?? 'P' };
    txs.push(tx);
    if (webhook && tx.trantype !== 'Void')
      queueEvent(
        tx.trantype === 'Credit Card Refund'
          ? 'transaction.refund.success'
          : tx.resultCode === 'A' || tx.resultCode === 'P'
            ? 'transaction.sale.success'
            : 'transaction.sale.failure',
        tx,
      );
    return tx;
  }

  function queueEvent(type: string, tx: TTx) {
    const body = {
      type: 'event',
      event_triggered: now(),
      event_type: type,
      event_body: { merchant: { merch_key: 'fakemerch000001' }, object: { ...txJson(tx), refnum: Number(tx.refnum) } },
      event_id: createHash('sha256').update(randomBytes(16)).digest('hex'),
    };
    events.push(JSON.stringify(body));
  }

  function charge(o: { apiKey: string; card: TCard; amountCents: number; invoice: string | null; orderid: string | null; saveCard: boolean }): TTx {
    const n = o.card.number;
    const base = { apiKey: o.apiKey, trantype: 'Credit Card Sale' as const, amountCents: o.amountCents, invoice: o.invoice, orderid: o.orderid, card: o.card };
    const fingerprint = [o.apiKey, n, o.amountCents, o.invoice ?? '', o.orderid ?? ''].join('|');
    if (DECLINES[n]) {
      const [code, words] = DECLINES[n]!;
      return record({ ...base, resultCode: 'D', result: 'Declined', error: words, errorCode: code, authCents: 0, savedToken: null, fingerprint: null });
    }
    if (n === ERROR_CARD)
      return record({
        ...base,
        resultCode: 'E',
        result: 'Error',
        error: 'Transaction rejected by fraud profiler',
        errorCode: 10002,
        authCents: 0,
        savedToken: null,
        fingerprint: null,
        statusCode: 'E',
      });
    const pct = PARTIAL[n];
    const savedToken = o.saveCard ? `${id(4)}-${id(4)}-${id(4)}-${id(4)}` : null;
    if (savedToken) savedCards.set(savedToken, o.card);
    return record({
      ...base,
      resultCode: pct ? 'P' : 'A',
      result: pct ? 'Partially Approved' : 'Approved',
      error: null,
      errorCode: null,
      authCents: pct ? Math.round((o.amountCents * pct) / 100) : o.amountCents,
      savedToken,
      fingerprint,
    });
  }

  const engine = createFakePaymentEngine<TTx>({
    charge: (o) =>
      charge({
        apiKey: key.apiKey,
        card: { number: o.cardNumber, expiration: '1230' },
        amountCents: o.amountCents,
        invoice: o.invoice,
        orderid: o.orderid,
        saveCard: false,
      }),
    approved: (tx) => tx.resultCode === 'A' || tx.resultCode === 'P',
    txJson: (tx) => txJson(tx),
    cents,
    id,
    now,
  });

  const vault = createFakeCustomerVault({ saveCard: (token, card) => void savedCards.set(token, card) });

  function duplicateOf(fingerprint: string): TTx | undefined {
    const since = Date.now() - DUPLICATE_WINDOW_MS;
    return txs.find((t) => t.fingerprint === fingerprint && Date.parse(`${t.created.replace(' ', 'T')}Z`) >= since - 1000);
  }

  function gatewayError(words: string, code: number): TJson {
    return { type: 'transaction', key: '', refnum: '', result_code: 'E', result: 'Error', error: words, error_code: code };
  }

  function handleTransaction(auth: { key: TFakeUsaepayKey; hasPin: boolean }, body: TJson): [number, TJson] {
    const command = String(body.command ?? '');
    const apiKey = auth.key.apiKey;
    if (command === 'sale' || command === 'cc:sale') {
      const amount = cents(body.amount);
      if (amount === null || amount <= 0) return [200, gatewayError('Invalid amount', 10)];
      let card: TCard | null;
      let paymentKeyEntry: { card: TCard; expiresAt: number; usedBy: string | null } | undefined;
      if (typeof body.payment_key === 'string') {
        paymentKeyEntry = paymentKeys.get(body.payment_key);
        if (!paymentKeyEntry || paymentKeyEntry.expiresAt < Date.now()) return [200, gatewayError('Invalid payment key', 10159)];
        card = paymentKeyEntry.card;
      } else {
        const cc = (body.creditcard ?? {}) as TJson;
        const number = String(cc.number ?? '');
        card = savedCards.get(number) ?? (/^\d{13,19}$/.test(number) ? { number, expiration: String(cc.expiration ?? '1230') } : null);
        if (!card) return [200, gatewayError('Invalid card token', 10100)];
      }
      const invoice = typeof body.invoice === 'string' ? body.invoice : null;
      const orderid = typeof body.orderid === 'string' ? body.orderid : null;
      const fingerprint = [apiKey, card.number, amount, invoice ?? '', orderid ?? ''].join('|');
      const dup = body.ignore_duplicate ? undefined : duplicateOf(fingerprint);
      if (dup) return [200, { ...txJson(dup), is_duplicate: 'Y' }];
      // CONSTRUCTED: a used payment key charges nothing more (the duplicate check above answers a true resend).
      if (paymentKeyEntry?.usedBy) return [200, gatewayError('Payment key already used', 10160)];
      const tx = charge({ apiKey, card, amountCents: amount, invoice, orderid, saveCard: body.save_card === true || body.save_card === 1 });
      if (paymentKeyEntry) paymentKeyEntry.usedBy = tx.key;
      return [200, txJson(tx)];
    }
    if (command === 'refund' || command === 'void') {
      if (!auth.hasPin) return [200, gatewayError('Pin code required for credit/void', 84)];
      const original = txs.find((t) => t.key === body.trankey && t.apiKey === apiKey);
      if (!original) return [200, gatewayError('Unable to find original transaction', 10111)];
      if (command === 'void') {
        // Void only before the batch closes (§3.9); a voided sale cannot be voided or refunded again.
        if (original.statusCode !== 'P' || original.refundedCents > 0) return [200, gatewayError('Transaction cannot be voided', 10118)];
        original.statusCode = 'V';
        if (webhook) queueEvent('transaction.sale.voided', original);
        return [200, { ...txJson(original), result_code: 'A', result: 'Approved' }];
      }
      if (original.trantype !== 'Credit Card Sale' || original.statusCode === 'V' || (original.resultCode !== 'A' && original.resultCode !== 'P'))
        return [200, gatewayError('Original transaction cannot be refunded', 10117)];
      const remaining = original.authCents - original.refundedCents;
      const amount = body.amount === undefined ? remaining : cents(body.amount);
      if (amount === null || amount <= 0 || amount > remaining) return [200, gatewayError('Refund amount exceeds original amount', 10116)];
      original.refundedCents += amount;
      const refund = record({
        apiKey,
        trantype: 'Credit Card Refund',
        resultCode: 'A',
        result: 'Approved',
        error: null,
        errorCode: null,
        amountCents: amount,
        authCents: amount,
        invoice: original.invoice,
        orderid: typeof body.orderid === 'string' ? body.orderid : null,
        card: original.card,
        savedToken: null,
        fingerprint: null,
      });
      return [200, txJson(refund)];
    }
    return [200, gatewayError('Unknown command', 20019)];
  }

  async function route(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    // `v2` or a registered endpoint key (§3.1).
    const m = /^\/api\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!m) return send(res, 404, { error: 'Not found', errorcode: 0 });
    const auth = authenticate(req);
    if (!auth) return send(res, 401, { error: 'Specified source key not found.', errorcode: 23 });
    const window = (hits.get(auth.key.apiKey) ?? []).filter((t) => t > Date.now() - 60_000);
    window.push(Date.now());
    hits.set(auth.key.apiKey, window);
    const rateHeader = { 'x-rate-limit': `${window.length} of ${rateLimit}/min; ${window.length} of 5000/day` };
    if (window.length > rateLimit) return send(res, 429, { error: 'API Rate Limit Exceed', errorcode: 155 }, rateHeader);
    let body: TJson;
    try {
      body = raw ? (JSON.parse(raw) as TJson) : {};
    } catch {
      return send(res, 400, { error: 'Invalid JSON', errorcode: 10 });
    }
    const failure = failures.shift();
    if (failure && !failure.process) return send(res, failure.status, failure.body ?? { error: 'Internal error', errorcode: 0 });
    const path = m[2]!;
    const method = req.method ?? 'GET';
    let answer: [number, unknown];
    if (path === 'transactions' && method === 'POST') answer = handleTransaction(auth, body);
    else if (path === 'transactions' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const mine = txs.filter((t) => t.apiKey === auth.key.apiKey).reverse();
      answer = [200, { type: 'list', limit, offset, data: mine.slice(offset, offset + limit).map(txJson), total: String(mine.length) }];
    } else if (path.startsWith('transactions/') && method === 'GET') {
      const t = txs.find((x) => x.key === decodeURIComponent(path.slice('transactions/'.length)) && x.apiKey === auth.key.apiKey);
      answer = t ? [200, txJson(t)] : [404, { error: 'Transaction not found', errorcode: 10111 }];
    } else if (path === 'publickey' && method === 'GET') {
      if (!publicKeys.has(auth.key.apiKey)) publicKeys.set(auth.key.apiKey, `_P${randomBytes(20).toString('hex')}`);
      answer = [200, publicKeys.get(auth.key.apiKey)];
    } else if (path.startsWith('paymentengine/')) answer = engine.handle(method, path.slice('paymentengine/'.length), body);
    else answer = vault.handle(auth.key.apiKey, method, path, url.searchParams) ?? [404, { error: 'Not found', errorcode: 0 }];
    if (failure) return send(res, failure.status, failure.body ?? { error: 'Internal error', errorcode: 0 });
    if (delayMs > 0) {
      const wait = delayMs;
      delayMs = 0;
      await new Promise((r) => setTimeout(r, wait));
      if (res.destroyed) return;
    }
    return send(res, answer[0], answer[1], rateHeader);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw });
      res.on('error', () => undefined);
      route(req, res, raw).catch((err: unknown) => {
        if (!res.headersSent && !res.destroyed) send(res, 500, { error: `Fake USAePay error: ${(err as Error).message}`, errorcode: 0 });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;

  const sign = (rawBody: string, signatureKey = key.signatureKey) => createHmac('sha256', signatureKey).update(rawBody).digest('hex');

  return {
    baseUrl,
    key,
    tokenizationKey,
    requests,
    transactions: () => txs,
    issuePaymentKey(card, ttlMs = 10 * 60_000) {
      const k = id(13);
      paymentKeys.set(k, { card: { number: card.number, expiration: card.expiration ?? '1230' }, expiresAt: Date.now() + ttlMs, usedBy: null });
      return k;
    },
    setRateLimit: (n) => void (rateLimit = n),
    failNext: (n, answer) => void (failures = Array.from({ length: n }, () => answer)),
    delayNext: (ms) => void (delayMs = ms),
    closeBatch: () => txs.forEach((t) => t.statusCode === 'P' && (t.statusCode = 'S')),
    addDevice: (o) => engine.addDevice(o),
    pairDevice: (code, serial) => engine.pairDevice(code, serial),
    setDevice: (k, o) => engine.setDevice(k, o),
    setPayRequestStepMs: (ms) => engine.setStepMs(ms),
    setWebhook: (w) => void (webhook = w),
    addCustomer: (c, apiKey = key.apiKey) => vault.add(apiKey, c),
    pendingEvents: () => [...events],
    async flushWebhooks(o = {}) {
      const batch = events.splice(0);
      const ordered = o.reverse ? batch.reverse() : batch;
      const deliveries = ordered.flatMap((b) => Array.from({ length: o.copies ?? 1 }, () => b));
      const target = webhook;
      if (!target) return [];
      return Promise.all(
        deliveries.map(async (b) => {
          const headers: Record<string, string> = { 'content-type': 'application/json', 'x-signature': sign(b) };
          if (target.basicAuth) headers.authorization = `Basic ${Buffer.from(`${target.basicAuth.user}:${target.basicAuth.password}`).toString('base64')}`;
          const r = await fetch(target.url, { method: 'POST', headers, body: b });
          return { status: r.status, body: await r.text() };
        }),
      );
    },
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
