/**
 * A fake "SMS Gateway for Android" in local-server mode for tests: real HTTP on 127.0.0.1 (ephemeral port),
 * speaking the part of the API our adapter uses (protocols/channels-and-live.md §4) — `POST /message`,
 * `GET /message/{id}` with HTTP Basic auth — plus helpers that play the app's side of the webhooks
 * (signed `sms:received`, `sms:sent`, `sms:delivered`, `sms:failed`, `system:ping`).
 * The signature code here is written independently of src/ so tests do not check the adapter against itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeGatewayState = 'Pending' | 'Processed' | 'Sent' | 'Delivered' | 'Failed';

export interface TFakeGatewayMessage {
  id: string;
  /** textMessage.text (or the deprecated `message`); null for data messages */
  text: string | null;
  phoneNumbers: string[];
  withDeliveryReport: boolean;
  simNumber: number | null;
  state: TFakeGatewayState;
  error: string | null;
  states: Partial<Record<TFakeGatewayState, string>>;
  createdAt: Date;
}

export interface TFakeGatewayRequest {
  method: string;
  path: string;
  /** whether the Basic credentials were right */
  authorized: boolean;
  /** the parsed JSON body (POST), undefined otherwise */
  body: unknown;
}

export type TFakeSignatureMode = 'valid' | 'invalid' | 'missing';

export interface TFakeWebhookOptions {
  url: string;
  /** event id; random when absent (repeat one to simulate the app's retry of the same delivery) */
  id?: string;
  /** unix seconds; defaults to now (pass an old one for the replay check) */
  timestamp?: number;
  /** 'invalid' signs with a wrong key, 'missing' sends neither X-Signature nor X-Timestamp */
  signature?: TFakeSignatureMode;
  /** send X-Signature but leave X-Timestamp out */
  omitTimestamp?: boolean;
}

export interface TFakeWebhookResult {
  status: number;
  body: string;
  /** the event id that was posted */
  id: string;
  /** the exact bytes that were signed and posted */
  rawBody: string;
}

export interface TFakeSmsGateway {
  baseUrl: string;
  username: string;
  password: string;
  signingKey: string;
  deviceId: string;
  /** Every request, in order (including refused ones). */
  requests: TFakeGatewayRequest[];
  /** Every message the fake queued for sending (a repeated id is not queued again), in order. */
  sent: TFakeGatewayMessage[];
  messages: Map<string, TFakeGatewayMessage>;
  /** POST /message requests, including refused and failed ones. */
  sendAttempts(): number;
  /** The next n sends answer this error (after Basic auth) without queuing anything. */
  failNext(n: number, error: { status: number; message?: string }): void;
  /** The next n sends are queued, then the connection is destroyed before any answer (the request "got through"). */
  dropNext(n?: number): void;
  /** The next n sends are queued, then answered after `ms`. */
  delayNext(ms: number, n?: number): void;
  /** Moves a message to a state (as the phone would), without posting a webhook. */
  setState(id: string, state: TFakeGatewayState, error?: string): void;
  /** Posts any event, signed like the app does. */
  postWebhook(o: TFakeWebhookOptions & { event: string; payload: Record<string, unknown> }): Promise<TFakeWebhookResult>;
  postReceived(o: TFakeWebhookOptions & { phoneNumber: string; message: string; messageId?: string }): Promise<TFakeWebhookResult>;
  /** sms:sent / sms:delivered / sms:failed for a message the fake holds; updates its state first. */
  postStatus(
    o: TFakeWebhookOptions & { messageId: string; event: 'sms:sent' | 'sms:delivered' | 'sms:failed'; reason?: string; reasonField?: 'reason' | 'error' },
  ): Promise<TFakeWebhookResult>;
  postPing(o: TFakeWebhookOptions): Promise<TFakeWebhookResult>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 21-character nanoid-like ids, as the app generates. */
function newId(): string {
  return Array.from(randomBytes(21), (b) => ID_ALPHABET[b & 63]).join('');
}

/** Device-local time with its offset, as the app writes timestamps ("2024-06-22T15:46:11.000+07:00"). */
function deviceTime(d = new Date()): string {
  const shifted = new Date(d.getTime() + 7 * 3600_000);
  return shifted.toISOString().replace('Z', '+07:00');
}

/** Independent implementation of the app's signature: hex HMAC-SHA256 over body + timestamp. */
function sign(key: string, body: string, timestamp: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(Buffer.from(body + timestamp, 'utf8')).digest('hex');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function startFakeSmsGateway(opts: { username?: string; password?: string; signingKey?: string } = {}): Promise<TFakeSmsGateway> {
  const username = opts.username ?? 'sms';
  const password = opts.password ?? randomBytes(8).toString('hex');
  const signingKey = opts.signingKey ?? randomBytes(16).toString('hex');
  const deviceId = randomBytes(16).toString('hex');
  const requests: TFakeGatewayRequest[] = [];
  const sent: TFakeGatewayMessage[] = [];
  const messages = new Map<string, TFakeGatewayMessage>();
  const failures: Array<{ status: number; message?: string }> = [];
  const answers: Array<{ drop: true } | { delayMs: number }> = [];
  let attempts = 0;

  function authorized(req: IncomingMessage): boolean {
    const h = req.headers.authorization ?? '';
    if (!h.startsWith('Basic ')) return false;
    return Buffer.from(h.slice(6), 'base64').toString('utf8') === `${username}:${password}`;
  }

  function stateJson(m: TFakeGatewayMessage) {
    return {
      id: m.id,
      state: m.state,
      isHashed: false,
      isEncrypted: false,
      recipients: m.phoneNumbers.map((phoneNumber) => ({ phoneNumber, state: m.state, error: m.state === 'Failed' ? m.error : null })),
      states: m.states,
    };
  }

  /** The app's request validation (400 {message}); returns the message to queue or answers and returns null. */
  function validateSend(res: ServerResponse, url: URL, body: unknown): Omit<TFakeGatewayMessage, 'state' | 'error' | 'states' | 'createdAt'> | null {
    const bad = (message: string) => {
      sendJson(res, 400, { message });
      return null;
    };
    if (!isObject(body)) return bad('Invalid request body');
    const kinds = ['textMessage', 'dataMessage', 'message'].filter((k) => body[k] !== undefined && body[k] !== null);
    if (kinds.length !== 1) return bad('Must specify exactly one of `textMessage`, `dataMessage` or `message`');
    let text: string | null = null;
    if (kinds[0] === 'textMessage') {
      if (!isObject(body.textMessage) || typeof body.textMessage.text !== 'string' || !body.textMessage.text) return bad('textMessage.text is required');
      text = body.textMessage.text;
    } else if (kinds[0] === 'message') {
      if (typeof body.message !== 'string' || !body.message) return bad('message must be a non-empty string');
      text = body.message;
    } else if (!isObject(body.dataMessage) || typeof body.dataMessage.data !== 'string' || typeof body.dataMessage.port !== 'number') {
      return bad('dataMessage requires data (base64) and port');
    }
    const phoneNumbers = body.phoneNumbers;
    if (!Array.isArray(phoneNumbers) || phoneNumbers.length === 0 || !phoneNumbers.every((p) => typeof p === 'string'))
      return bad('phoneNumbers is required');
    if (url.searchParams.get('skipPhoneValidation') !== 'true') {
      const invalid = (phoneNumbers as string[]).find((p) => !E164.test(p));
      if (invalid) return bad(`Invalid phone number: ${invalid}`);
    }
    if (body.ttl !== undefined && body.validUntil !== undefined) return bad('fields conflict: ttl and validUntil');
    if (body.priority !== undefined && (typeof body.priority !== 'number' || body.priority < -128 || body.priority > 127))
      return bad('priority must be between -128 and 127');
    if (body.id !== undefined && (typeof body.id !== 'string' || body.id.length === 0 || body.id.length > 36)) return bad('id must be 1 to 36 characters');
    return {
      id: typeof body.id === 'string' ? body.id : newId(),
      text,
      phoneNumbers: phoneNumbers as string[],
      withDeliveryReport: body.withDeliveryReport !== false,
      simNumber: typeof body.simNumber === 'number' ? body.simNumber : null,
    };
  }

  async function handleSend(req: IncomingMessage, res: ServerResponse, url: URL, body: unknown): Promise<void> {
    attempts++;
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, { message: failure.message ?? 'Injected failure' });
    const input = validateSend(res, url, body);
    if (!input) return;
    // The app keeps one message per id: a repeated id answers the message it has instead of sending again.
    let m = messages.get(input.id);
    if (!m) {
      m = { ...input, state: 'Pending', error: null, states: { Pending: deviceTime() }, createdAt: new Date() };
      messages.set(m.id, m);
      sent.push(m);
    }
    const answer = answers.shift();
    if (answer && 'drop' in answer) {
      // The message is queued on the phone, but the answer never reaches the caller.
      req.socket.destroy();
      return;
    }
    if (answer) await new Promise((r) => setTimeout(r, answer.delayMs));
    sendJson(res, 202, stateJson(m));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req).catch(() => '');
    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = Symbol.for('invalid-json');
      }
    }
    const ok = authorized(req);
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorized: ok, body: typeof body === 'symbol' ? raw : body });
    if (!ok) {
      // The Basic-auth layer answers before any handler, with an empty body.
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Ktor Server"', 'content-length': '0' });
      res.end();
      return;
    }
    if (url.pathname === '/message' && req.method === 'POST') {
      if (typeof body === 'symbol') {
        attempts++;
        return sendJson(res, 400, { message: 'Invalid JSON body' });
      }
      return handleSend(req, res, url, body);
    }
    const one = /^\/message\/([^/]+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const m = messages.get(decodeURIComponent(one[1]!));
      return m ? sendJson(res, 200, stateJson(m)) : sendJson(res, 404, { message: 'Message not found' });
    }
    return sendJson(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { message: `Fake gateway error: ${(err as Error).message}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function setState(id: string, state: TFakeGatewayState, error?: string): void {
    const m = messages.get(id);
    if (!m) throw new Error(`fake-sms-gateway: no message ${id}`);
    m.state = state;
    m.states[state] = deviceTime();
    if (state === 'Failed') m.error = error ?? 'RESULT_ERROR_GENERIC_FAILURE';
  }

  async function postWebhook(o: TFakeWebhookOptions & { event: string; payload: Record<string, unknown> }): Promise<TFakeWebhookResult> {
    const id = o.id ?? newId();
    // The app's field order (Gson keeps declaration order).
    const rawBody = JSON.stringify({ deviceId, event: o.event, id, payload: o.payload, webhookId: `wh-${o.event}` });
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const mode = o.signature ?? 'valid';
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'android-sms-gateway/1.x (fake)' };
    if (mode !== 'missing') {
      headers['x-signature'] = sign(mode === 'valid' ? signingKey : `${signingKey}x`, rawBody, timestamp);
      if (!o.omitTimestamp) headers['x-timestamp'] = timestamp;
    }
    const res = await fetch(o.url, { method: 'POST', headers, body: rawBody });
    return { status: res.status, body: await res.text(), id, rawBody };
  }

  return {
    baseUrl,
    username,
    password,
    signingKey,
    deviceId,
    requests,
    sent,
    messages,
    sendAttempts: () => attempts,
    failNext: (n, error) => {
      for (let i = 0; i < n; i++) failures.push(error);
    },
    dropNext: (n = 1) => {
      for (let i = 0; i < n; i++) answers.push({ drop: true });
    },
    delayNext: (ms, n = 1) => {
      for (let i = 0; i < n; i++) answers.push({ delayMs: ms });
    },
    setState,
    postWebhook,
    postReceived: (o) =>
      postWebhook({
        ...o,
        event: 'sms:received',
        payload: {
          // Content-derived, like the app's: the same text from the same number gives the same messageId.
          messageId: o.messageId ?? createHmac('sha1', 'content').update(`${o.phoneNumber}:${o.message}`).digest('hex').slice(0, 16),
          message: o.message,
          phoneNumber: o.phoneNumber,
          simNumber: 1,
          receivedAt: deviceTime(),
        },
      }),
    postStatus: (o) => {
      const m = messages.get(o.messageId);
      const state: TFakeGatewayState = o.event === 'sms:sent' ? 'Sent' : o.event === 'sms:delivered' ? 'Delivered' : 'Failed';
      if (m) setState(o.messageId, state, o.reason);
      const at = deviceTime();
      const payload: Record<string, unknown> = { messageId: o.messageId, phoneNumber: m?.phoneNumbers[0] ?? '+15550000000', simNumber: 1 };
      if (o.event === 'sms:sent') payload.sentAt = at;
      if (o.event === 'sms:delivered') payload.deliveredAt = at;
      if (o.event === 'sms:failed') {
        payload.failedAt = at;
        payload[o.reasonField ?? 'reason'] = o.reason ?? 'RESULT_ERROR_GENERIC_FAILURE';
      }
      return postWebhook({ ...o, event: o.event, payload });
    },
    postPing: (o) => postWebhook({ ...o, event: 'system:ping', payload: { health: { status: 'pass' } } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
