/**
 * A fake Viber REST bot API for tests: real HTTP on 127.0.0.1 (ephemeral port), speaking what our adapter uses
 * (protocols/channels-and-live.md §3): POST /pa/send_message with X-Viber-Auth-Token, answering HTTP 200 with a
 * Viber `status`, and `message_token` written as a bare JSON number above 2^53, as Viber does. Plus helpers that
 * play Viber's side of the callbacks (signed message, delivered, seen, failed, subscribed, unsubscribed,
 * conversation_started, webhook) and serve inbound media from a CDN-like path.
 * The signature code here is written independently of src/ so tests do not check the adapter against itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TFakeViberSent {
  /** Exact decimal token the fake answered with (above 2^53). */
  messageToken: string;
  receiver: string;
  type: string;
  sender: { name: string; avatar?: string };
  text?: string;
  media?: string;
  size?: number;
  file_name?: string;
  body: Record<string, unknown>;
  receivedAt: Date;
}

export interface TFakeViberUser {
  id: string;
  name?: string;
}

export type TSignatureMode = 'valid' | 'invalid' | 'missing' | 'query';

export interface TFakeViber {
  /** e.g. http://127.0.0.1:1234/pa — what VIBER_API_URL is set to. */
  apiUrl: string;
  origin: string;
  token: string;
  /** Every message the fake accepted (status 0), in order. */
  sent: TFakeViberSent[];
  /** Every send_message request, with the X-Viber-Auth-Token it carried and the status answered. */
  requests: Array<{ path: string; authToken: string | null; status: number | null }>;
  /**
   * The next n sends answer this Viber status (5/6/12…) with HTTP 200, or, with `httpStatus`, that HTTP error.
   * With `after`, that many sends pass first (to fail the second part of a message).
   */
  failNext(n: number, failure: { status?: number; httpStatus?: number }, opts?: { after?: number }): void;
  /** Sends to this receiver answer status 6 (receiverNotSubscribed), or the given status. */
  unsubscribe(receiver: string, status?: number): void;
  /**
   * The next token the fake hands out (to test exactness); otherwise tokens start above 2^53 and increase. With a
   * receiver, only the next send to that receiver takes it (a retry of another test's message may go out first).
   */
  setNextToken(token: string, receiver?: string): void;
  /** Serves bytes on a CDN-like path of the fake and returns its absolute URL (as Viber's `media`). */
  addMedia(bytes: Buffer, contentType: string): string;
  mediaRequests: Array<{ path: string; headers: Record<string, string | string[] | undefined> }>;
  /** Signs and POSTs a raw callback body (message_token already written as a bare number) to url. */
  postRaw(url: string, rawBody: string, signature?: TSignatureMode): Promise<{ status: number; body: string }>;
  postMessage(opts: {
    url: string;
    sender: TFakeViberUser;
    text?: string;
    picture?: { bytes: Buffer; contentType?: string; caption?: string };
    file?: { bytes: Buffer; contentType: string; fileName: string };
    messageToken?: string;
    signature?: TSignatureMode;
  }): Promise<{ status: number; body: string; messageToken: string }>;
  postDelivered(opts: { url: string; messageToken: string; userId: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postSeen(opts: { url: string; messageToken: string; userId: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postFailed(opts: { url: string; messageToken: string; userId: string; desc: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postSubscribed(opts: { url: string; user: TFakeViberUser; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postUnsubscribed(opts: { url: string; userId: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postConversationStarted(opts: { url: string; user: TFakeViberUser; subscribed?: boolean; context?: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  postWebhook(opts: { url: string; signature?: TSignatureMode }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const STATUS_MESSAGES: Record<number, string> = {
  2: 'invalidAuthToken',
  3: 'badData',
  4: 'missingData',
  5: 'receiverNotRegistered',
  6: 'receiverNotSubscribed',
  12: 'tooManyRequests',
};
const MAX_REQUEST_BYTES = 30 * 1024;

/** Independent HMAC-SHA256 hex, as Viber computes X-Viber-Content-Signature. */
function sign(token: string, body: string): string {
  return createHmac('sha256', token).update(body, 'utf8').digest('hex');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Viber-style user ids: base64 of 16 random bytes. */
export function newViberUserId(): string {
  return randomBytes(16).toString('base64');
}

/** JSON text with `message_token` as a bare number: the token goes in as a placeholder string and is unquoted. */
function withRawToken(obj: Record<string, unknown>, token: string): string {
  if (!/^\d+$/.test(token)) throw new Error(`fake-viber: token must be digits, got ${token}`);
  const marker = `__TOKEN_${randomBytes(4).toString('hex')}__`;
  return JSON.stringify({ ...obj, message_token: marker }).replace(`"${marker}"`, token);
}

export async function startFakeViber(opts: { token?: string } = {}): Promise<TFakeViber> {
  const token = opts.token ?? randomBytes(16).toString('hex');
  const sent: TFakeViberSent[] = [];
  const requests: TFakeViber['requests'] = [];
  /** Consumed one per send request; null lets that request pass. */
  const failures: Array<{ status?: number; httpStatus?: number } | null> = [];
  const unsubscribed = new Map<string, number>();
  const media = new Map<string, { bytes: Buffer; contentType: string }>();
  const mediaRequests: TFakeViber['mediaRequests'] = [];
  // Above 2^53 (9007199254740992) so a JSON.parse'd number would be rounded.
  let nextToken = 5741311803571721087n;
  let forcedToken: { token: string; receiver: string | null } | null = null;

  function answer(res: ServerResponse, rawJson: string, httpStatus = 200): void {
    if (res.destroyed) return;
    res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
    res.end(rawJson);
  }
  function answerStatus(res: ServerResponse, status: number, message?: string): void {
    answer(res, JSON.stringify({ status, status_message: message ?? STATUS_MESSAGES[status] ?? 'error', chat_hostname: 'SN-CHAT-05_' }));
  }

  async function handleSend(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const authToken = typeof req.headers['x-viber-auth-token'] === 'string' ? req.headers['x-viber-auth-token'] : null;
    const record = { path: req.url ?? '', authToken, status: null as number | null };
    requests.push(record);
    const reply = (status: number) => {
      record.status = status;
      answerStatus(res, status);
    };
    const failure = failures.shift();
    if (failure?.httpStatus) {
      res.writeHead(failure.httpStatus, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
      return;
    }
    if (authToken !== token) return reply(2);
    if (failure?.status !== undefined) return reply(failure.status);
    if (Buffer.byteLength(raw) > MAX_REQUEST_BYTES) return reply(3);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return reply(3);
    }
    const receiver = body.receiver;
    const sender = body.sender as { name?: unknown; avatar?: unknown } | undefined;
    if (typeof receiver !== 'string' || !receiver || !sender || typeof sender.name !== 'string') return reply(4);
    if (Array.from(sender.name).length > 28 || sender.name === '') return reply(3);
    const type = body.type;
    if (type === 'text') {
      if (typeof body.text !== 'string' || body.text === '' || body.text.length > 7000) return reply(3);
    } else if (type === 'picture') {
      if (typeof body.media !== 'string' || typeof body.text !== 'string') return reply(4);
    } else if (type === 'file') {
      if (typeof body.media !== 'string' || typeof body.size !== 'number' || typeof body.file_name !== 'string') return reply(4);
      if (body.file_name.length > 256) return reply(3);
    } else return reply(3);
    const notSubscribed = unsubscribed.get(receiver);
    if (notSubscribed !== undefined) return reply(notSubscribed);
    const forced = forcedToken && (forcedToken.receiver === null || forcedToken.receiver === receiver) ? forcedToken.token : null;
    if (forced !== null) forcedToken = null;
    const messageToken = forced ?? (nextToken++).toString();
    sent.push({
      messageToken,
      receiver,
      type,
      sender: sender as TFakeViberSent['sender'],
      ...(typeof body.text === 'string' ? { text: body.text } : {}),
      ...(typeof body.media === 'string' ? { media: body.media } : {}),
      ...(typeof body.size === 'number' ? { size: body.size } : {}),
      ...(typeof body.file_name === 'string' ? { file_name: body.file_name } : {}),
      body,
      receivedAt: new Date(),
    });
    record.status = 0;
    // Written by hand: the token must reach the client as a bare number, exactly like Viber's answer.
    answer(res, `{"status":0,"status_message":"ok","message_token":${messageToken},"chat_hostname":"SN-CHAT-05_","billing_status":1}`);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = /^\/cdn\/([0-9a-f]{24})$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      mediaRequests.push({ path: req.url ?? '', headers: req.headers });
      const item = media.get(m[1]!);
      if (!item) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': item.contentType, 'content-length': String(item.bytes.length) });
      res.end(item.bytes);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/pa/send_message') return handleSend(req, res);
    await readBody(req).catch(() => '');
    if (req.method === 'POST' && url.pathname.startsWith('/pa/')) return answerStatus(res, 3, 'unknown method');
    res.writeHead(404).end();
  }

  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500);
        res.end(String((err as Error).message));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addMedia(bytes: Buffer, contentType: string): string {
    const id = randomBytes(12).toString('hex');
    media.set(id, { bytes, contentType });
    return `${origin}/cdn/${id}`;
  }

  async function postRaw(url: string, rawBody: string, signature: TSignatureMode = 'valid'): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Viber-Callback/1.0' };
    let target = url;
    if (signature === 'valid') headers['x-viber-content-signature'] = sign(token, rawBody);
    if (signature === 'invalid') headers['x-viber-content-signature'] = sign(`${token}x`, rawBody);
    if (signature === 'query') target = `${url}${url.includes('?') ? '&' : '?'}sig=${sign(token, rawBody)}`;
    const res = await fetch(target, { method: 'POST', headers, body: rawBody });
    return { status: res.status, body: await res.text() };
  }

  const newToken = () => (nextToken++).toString();
  const user = (u: TFakeViberUser) => ({ id: u.id, name: u.name ?? 'Viber User', avatar: 'https://media-direct.cdn.viber.com/avatar.jpg', country: 'UA', language: 'en', api_version: 10 });

  return {
    apiUrl: `${origin}/pa`,
    origin,
    token,
    sent,
    requests,
    mediaRequests,
    failNext(n, failure, o = {}) {
      for (let i = 0; i < (o.after ?? 0); i++) failures.push(null);
      for (let i = 0; i < n; i++) failures.push(failure);
    },
    unsubscribe(receiver, status = 6) {
      unsubscribed.set(receiver, status);
    },
    setNextToken(token, receiver) {
      forcedToken = { token, receiver: receiver ?? null };
    },
    addMedia,
    postRaw,
    async postMessage(o) {
      const messageToken = o.messageToken ?? newToken();
      let message: Record<string, unknown>;
      if (o.picture) message = { type: 'picture', text: o.picture.caption ?? '', media: addMedia(o.picture.bytes, o.picture.contentType ?? 'image/jpeg'), thumbnail: null, size: o.picture.bytes.length };
      else if (o.file) message = { type: 'file', media: addMedia(o.file.bytes, o.file.contentType), size: o.file.bytes.length, file_name: o.file.fileName };
      else message = { type: 'text', text: o.text ?? '' };
      const raw = withRawToken({ event: 'message', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', sender: user(o.sender), message, silent: false }, messageToken);
      return { ...(await postRaw(o.url, raw, o.signature)), messageToken };
    },
    postDelivered: (o) => postRaw(o.url, withRawToken({ event: 'delivered', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', user_id: o.userId }, o.messageToken), o.signature),
    postSeen: (o) => postRaw(o.url, withRawToken({ event: 'seen', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', user_id: o.userId }, o.messageToken), o.signature),
    postFailed: (o) =>
      postRaw(o.url, withRawToken({ event: 'failed', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', user_id: o.userId, desc: o.desc }, o.messageToken), o.signature),
    postSubscribed: (o) => postRaw(o.url, withRawToken({ event: 'subscribed', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', user: user(o.user) }, newToken()), o.signature),
    postUnsubscribed: (o) => postRaw(o.url, withRawToken({ event: 'unsubscribed', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', user_id: o.userId }, newToken()), o.signature),
    postConversationStarted: (o) =>
      postRaw(
        o.url,
        withRawToken(
          { event: 'conversation_started', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_', type: 'open', context: o.context ?? '', user: user(o.user), subscribed: o.subscribed ?? false },
          newToken(),
        ),
        o.signature,
      ),
    postWebhook: (o) => postRaw(o.url, withRawToken({ event: 'webhook', timestamp: Date.now(), chat_hostname: 'SN-CHAT-05_' }, newToken()), o.signature),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
