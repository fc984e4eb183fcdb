/**
 * A fake of the next-variant card processor for tests. Its protocol is CONSTRUCTED (the vendor is unknown,
 * protocols/dms-and-payments.md §6; the shape is documented in src/payments/next-variant/next-variant-adapter.ts):
 * Basic appKey:apiSecret, /v1/credentials/verify, /v1/charges with Idempotency-Key replays, refunds, void, terminals,
 * and signed webhooks (t=…,v1=HMAC). Outcomes follow the shared sandbox test cards. Written apart from src/.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type TJson = Record<string, unknown>;

const DECLINES: Record<string, string> = {
  '4000300611112224': 'insufficient_funds',
  '4000300211112228': 'do_not_honor',
  '4000300011112220': 'card_declined',
  '4000301311112225': 'cvc_failed',
};

export interface TFakeNextPayments {
  baseUrl: string;
  appKey: string;
  apiSecret: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
  charges(): readonly TJson[];
  issuePaymentToken(cardNumber: string): string;
  addTerminal(o: { name: string; serial: string; status?: 'online' | 'offline' }): string;
  failNext(answer: { status: number; body?: TJson; headers?: Record<string, string> }): void;
  /** A signed webhook body and header as the provider would post it. */
  signedEvent(o: { type: string; charge: TJson; timestamp?: number }): { rawBody: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeNextPayments(): Promise<TFakeNextPayments> {
  const appKey = `app_${randomBytes(8).toString('hex')}`;
  const apiSecret = `sec_${randomBytes(16).toString('hex')}`;
  const requests: TFakeNextPayments['requests'] = [];
  const charges: TJson[] = [];
  const tokens = new Map<string, { number: string; used: boolean }>();
  const cardTokens = new Map<string, string>();
  const idempotent = new Map<string, { status: number; body: TJson }>();
  const refunded = new Map<string, number>();
  const terminals = new Map<string, { id: string; name: string; serial: string; status: string }>();
  const terminalRequests = new Map<string, TJson & { polls: number }>();
  let failure: { status: number; body?: TJson; headers?: Record<string, string> } | null = null;

  const id = (p: string) => `${p}_${randomBytes(8).toString('hex')}`;
  const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const cents = (v: unknown) => (typeof v === 'string' && /^\d+\.\d\d$/.test(v) ? Math.round(Number(v.replace('.', ''))) : null);
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (status: number, code: string, message: string): [number, TJson] => [status, { status_code: status, error_code: code, message }];

  function charge(number: string, amount: number, body: TJson): TJson {
    const declined = DECLINES[number];
    const c: TJson = {
      id: id('ch'),
      status: declined ? 'declined' : 'approved',
      amount: money(amount),
      authorized_amount: declined ? '0.00' : money(amount),
      invoice: body.invoice,
      reference: body.reference,
      card: { brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4) },
      ...(declined ? { decline_code: declined, message: declined.replace(/_/g, ' ') } : { auth_code: 'A1B2C3', message: 'Approved' }),
      created_at: new Date().toISOString(),
    };
    if (!declined && body.save_card === true) {
      const t = id('ct');
      cardTokens.set(t, number);
      c.card_token = t;
    }
    charges.push(c);
    return c;
  }

  function handle(method: string, path: string, url: URL, body: TJson): [number, unknown] {
    if (method === 'POST' && path === '/v1/credentials/verify') return [200, { status_code: 200, message: 'Credentials are valid' }];
    if (method === 'GET' && path === '/v1/public-key') return [200, { public_key: `pk_${appKey}` }];
    if (method === 'POST' && path === '/v1/charges') {
      const amount = cents(body.amount);
      if (amount === null || amount <= 0) return error(422, 'invalid_amount', 'amount must be a positive decimal');
      let number: string | undefined;
      if (typeof body.payment_token === 'string') {
        const t = tokens.get(body.payment_token);
        if (!t) return error(422, 'invalid_payment_token', 'Unknown payment token');
        if (t.used) return error(409, 'payment_token_used', 'Payment token already used');
        t.used = true;
        number = t.number;
      } else number = cardTokens.get(String(body.card_token ?? ''));
      if (!number) return error(422, 'invalid_card_token', 'Unknown card token');
      return [201, charge(number, amount, body)];
    }
    if (method === 'GET' && path === '/v1/charges') return [200, { data: charges.filter((c) => c.reference === url.searchParams.get('reference')) }];
    const m = /^\/v1\/charges\/([^/]+)(\/refunds|\/void)?$/.exec(path);
    const c = m ? charges.find((x) => x.id === m[1]) : undefined;
    if (m && !c) return error(404, 'not_found', 'No such charge');
    if (c && method === 'GET' && !m![2]) return [200, c];
    if (c && method === 'POST' && m![2] === '/void') {
      if (c.voided || refunded.get(String(c.id))) return error(409, 'not_voidable', 'Charge cannot be voided');
      c.voided = true;
      return [200, c];
    }
    if (c && method === 'POST' && m![2] === '/refunds') {
      const left = (cents(c.authorized_amount) ?? 0) - (refunded.get(String(c.id)) ?? 0);
      const amount = body.amount === undefined ? left : cents(body.amount);
      if (c.voided || amount === null || amount <= 0 || amount > left) return error(422, 'refund_exceeds_charge', 'Refund exceeds the amount left');
      refunded.set(String(c.id), (refunded.get(String(c.id)) ?? 0) + amount);
      return [201, { ...c, id: id('re'), amount: money(amount), authorized_amount: money(amount), created_at: new Date().toISOString() }];
    }
    if (method === 'GET' && path === '/v1/terminals') return [200, { data: [...terminals.values()] }];
    const tm = /^\/v1\/terminals\/([^/]+)\/requests$/.exec(path);
    if (tm && method === 'POST') {
      const t = terminals.get(tm[1]!);
      if (!t) return error(404, 'not_found', 'No such terminal');
      if (t.status !== 'online') return error(409, 'terminal_offline', 'Terminal is offline');
      const r = { id: id('tr'), status: 'pending', amount: body.amount, invoice: body.invoice, reference: body.reference, polls: 0 };
      terminalRequests.set(r.id, r);
      return [201, r];
    }
    const rm = /^\/v1\/terminal-requests\/([^/]+)$/.exec(path);
    const r = rm ? terminalRequests.get(rm[1]!) : undefined;
    if (rm && !r) return error(404, 'not_found', 'No such request');
    if (r && method === 'DELETE') {
      if (r.status !== 'complete') r.status = 'canceled';
      return [200, { id: r.id, status: r.status }];
    }
    if (r && method === 'GET') {
      r.polls += 1;
      if (r.status === 'pending' && r.polls >= 2) {
        r.status = 'complete';
        r.charge = charge('4000100011112224', cents(r.amount) ?? 0, r);
      }
      const { polls: _polls, ...shown } = r;
      return [200, shown];
    }
    return error(404, 'not_found', 'Not found');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw });
      const url = new URL(req.url ?? '/', 'http://fake');
      const expected = `Basic ${Buffer.from(`${appKey}:${apiSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return send(res, 401, { status_code: 401, error_code: 'invalid_credentials', message: 'Invalid app key or api secret' });
      if (failure) {
        const f = failure;
        failure = null;
        return send(res, f.status, f.body ?? { status_code: f.status, message: 'Failure' }, f.headers);
      }
      const key = req.headers['idempotency-key'];
      const scoped = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      const earlier = scoped ? idempotent.get(scoped) : undefined;
      if (earlier) return send(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
      let body: TJson;
      try {
        body = raw ? (JSON.parse(raw) as TJson) : {};
      } catch {
        return send(res, 400, { status_code: 400, message: 'Invalid JSON' });
      }
      const [status, answer] = handle(req.method ?? 'GET', url.pathname, url, body);
      if (scoped && status < 500) idempotent.set(scoped, { status, body: answer as TJson });
      send(res, status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    appKey,
    apiSecret,
    requests,
    charges: () => charges,
    issuePaymentToken(number) {
      const t = id('pt');
      tokens.set(t, { number, used: false });
      return t;
    },
    addTerminal(o) {
      const t = { id: id('term'), name: o.name, serial: o.serial, status: o.status ?? 'online' };
      terminals.set(t.id, t);
      return t.id;
    },
    failNext: (answer) => void (failure = answer),
    signedEvent(o) {
      const rawBody = JSON.stringify({ id: id('evt'), type: o.type, created_at: new Date().toISOString(), data: o.charge });
      const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
      const mac = createHmac('sha256', apiSecret).update(`${timestamp}.${rawBody}`).digest('hex');
      return { rawBody, signature: `t=${timestamp},v1=${mac}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
