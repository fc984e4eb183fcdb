/**
 * A fake Meta Graph API (WhatsApp Cloud API) for tests: real HTTP on 127.0.0.1 (ephemeral port), speaking the
 * subset our adapter uses (protocols/channels-and-live.md §2) — message sends with Bearer auth and Graph-format
 * errors (131047 when told a number's 24-hour window is closed), the two-step media download — plus helpers that
 * play Meta's side of the webhooks: notifications signed with X-Hub-Signature-256 over the exact bytes posted.
 * The signature code here is written independently of src/ so tests do not check the adapter against itself.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeWhatsAppSignature = 'valid' | 'invalid' | 'missing';

export interface TFakeWhatsAppSent {
  wamid: string;
  to: string;
  type: string;
  /** The whole JSON body as received. */
  body: Record<string, unknown>;
  /** Shortcuts: text.body, the media object's link/caption/filename, the template. */
  text: string | null;
  link: string | null;
  caption: string | null;
  filename: string | null;
  template: { name: string; language: { code: string }; namespace?: string; components?: Array<{ type: string; parameters: Array<{ type: string; text?: string }> }> } | null;
  callbackData: string | null;
  receivedAt: Date;
}

export interface TFakeWhatsApp {
  baseUrl: string;
  apiVersion: string;
  accessToken: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  appSecret: string;
  wabaId: string;
  /** Every message the fake accepted (200), in order. */
  sent: TFakeWhatsAppSent[];
  /** Number of POST …/messages requests, including rejected ones. */
  sendAttempts(): number;
  /** Every request received (method, path+query, whether it carried the right Bearer), oldest first. */
  requests: Array<{ method: string; url: string; authorized: boolean }>;
  /** Media GETs (lookup and download) and whether they carried the right Bearer. */
  mediaRequests: Array<{ path: string; authorized: boolean }>;
  /** Free-form sends to this wa_id (digits) fail with 131047 until openWindow; templates still go. */
  closeWindow(to: string): void;
  openWindow(to: string): void;
  /** The next n sends answer this Graph error (after `after` more successful ones, default 0). */
  failNext(n: number, error: { status: number; code: number; message?: string; details?: string }, opts?: { after?: number }): void;
  /** Registers inbound media; returns its media id (GET /{version}/{id} → {url,…}, the url needs the Bearer). */
  addMedia(bytes: Buffer, mimeType: string): string;
  /** POSTs a notification envelope around `value` (field "messages"), signed over the exact bytes sent. */
  postEvent(opts: { url: string; value: Record<string, unknown>; signature?: TFakeWhatsAppSignature; rawBody?: string }): Promise<{ status: number; body: string }>;
  /** An inbound text message from wa_id `from`. */
  postText(opts: { url: string; from: string; name?: string; body: string; wamid?: string; signature?: TFakeWhatsAppSignature }): Promise<{ status: number; body: string; wamid: string }>;
  /** An inbound image (registered as media first), with an optional caption. */
  postImage(opts: { url: string; from: string; name?: string; bytes: Buffer; mimeType: string; caption?: string; wamid?: string }): Promise<{ status: number; body: string; wamid: string; mediaId: string }>;
  /** Any inbound message object (location, reaction, interactive…); `id`/`from`/`timestamp` are filled in. */
  postMessage(opts: { url: string; from: string; name?: string; message: Record<string, unknown> }): Promise<{ status: number; body: string; wamid: string }>;
  /** A status event for a wamid the fake sent (recipient and callback data taken from the send). */
  postStatus(opts: { url: string; wamid: string; status: 'sent' | 'delivered' | 'read' | 'failed'; errors?: Array<{ code: number; title?: string; message?: string; details?: string }>; signature?: TFakeWhatsAppSignature }): Promise<number>;
  close(): Promise<void>;
}

/** Meta sends (and signs) JSON with non-ASCII characters escaped as \uXXXX. */
function escapeUnicode(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
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
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function graphError(res: ServerResponse, status: number, code: number, message: string, details?: string): void {
  sendJson(res, status, {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: 'A' + randomBytes(10).toString('base64url'),
    },
  });
}

function wamid(): string {
  return 'wamid.' + randomBytes(24).toString('base64url');
}

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'];
type TObj = Record<string, unknown>;
const obj = (v: unknown): TObj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TObj) : null);

export async function startFakeWhatsApp(opts: { accessToken?: string; appSecret?: string; phoneNumberId?: string; apiVersion?: string } = {}): Promise<TFakeWhatsApp> {
  const accessToken = opts.accessToken ?? 'EAAG' + randomBytes(24).toString('hex');
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const phoneNumberId = opts.phoneNumberId ?? String(100000000000000 + Math.floor(Math.random() * 1e12));
  const apiVersion = opts.apiVersion ?? 'v21.0';
  const displayPhoneNumber = '15550783881';
  const wabaId = '102290129340398';
  const sent: TFakeWhatsAppSent[] = [];
  const closed = new Set<string>();
  const failures: Array<{ status: number; code: number; message?: string; details?: string } | null> = [];
  const media = new Map<string, { bytes: Buffer; mimeType: string; token: string }>();
  const requests: TFakeWhatsApp['requests'] = [];
  const mediaRequests: TFakeWhatsApp['mediaRequests'] = [];
  let attempts = 0;
  let baseUrl = '';

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${accessToken}`;

  /** Validates a send like the Cloud API does (the parts our adapter uses); returns an error text or null. */
  function invalid(body: TObj): string | null {
    if (body.messaging_product !== 'whatsapp') return 'The parameter messaging_product is required.';
    if (typeof body.to !== 'string' || !/^\d{6,15}$/.test(body.to)) return 'Invalid parameter: to';
    const type = body.type;
    if (type === 'text') return typeof obj(body.text)?.body === 'string' && (obj(body.text)!.body as string) !== '' ? null : 'The parameter text[body] is required.';
    if (typeof type === 'string' && MEDIA_TYPES.includes(type)) {
      const m = obj(body[type]);
      if (!m) return `The parameter ${type} is required.`;
      if (('id' in m) === ('link' in m)) return `Give exactly one of ${type}[id] or ${type}[link].`;
      if (type === 'audio' && 'caption' in m) return 'Audio messages take no caption.';
      if ('filename' in m && type !== 'document') return `Param filename is not valid for ${type}.`;
      return null;
    }
    if (type === 'template') {
      const t = obj(body.template);
      if (!t || typeof t.name !== 'string' || typeof obj(t.language)?.code !== 'string') return 'The parameters template[name] and template[language][code] are required.';
      for (const c of Array.isArray(t.components) ? t.components : []) {
        for (const p of (obj(c)?.parameters as unknown[]) ?? []) {
          const text = obj(p)?.text;
          if (typeof text === 'string' && (/[\n\t]/.test(text) || / {5}/.test(text))) return 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
        }
      }
      return null;
    }
    return `Unsupported message type ${String(type)}`;
  }

  async function handleSend(req: IncomingMessage, res: ServerResponse, numberId: string): Promise<void> {
    attempts++;
    const text = await readBody(req);
    if (!authorized(req)) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (numberId !== phoneNumberId) return graphError(res, 400, 100, `Unsupported post request. Object with ID '${numberId}' does not exist`);
    let body: TObj;
    try {
      body = obj(JSON.parse(text)) ?? {};
    } catch {
      return graphError(res, 400, 100, '(#100) Invalid JSON');
    }
    if (body.status === 'read' && typeof body.message_id === 'string') return sendJson(res, 200, { success: true });
    const failure = failures.shift();
    if (failure) return graphError(res, failure.status, failure.code, failure.message ?? `(#${failure.code}) Injected failure`, failure.details);
    const problem = invalid(body);
    if (problem) return graphError(res, 400, 100, `(#100) ${problem}`);
    const to = body.to as string;
    const type = body.type as string;
    if (type !== 'template' && closed.has(to))
      return graphError(res, 400, 131047, '(#131047) Re-engagement message', 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.');
    const id = wamid();
    const m = obj(body[type]);
    sent.push({
      wamid: id,
      to,
      type,
      body,
      text: type === 'text' ? String(obj(body.text)!.body) : null,
      link: typeof m?.link === 'string' ? m.link : null,
      caption: typeof m?.caption === 'string' ? m.caption : null,
      filename: typeof m?.filename === 'string' ? m.filename : null,
      template: type === 'template' ? (body.template as TFakeWhatsAppSent['template']) : null,
      callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
      receivedAt: new Date(),
    });
    sendJson(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [type === 'template' ? { id, message_status: 'accepted' } : { id }],
    });
  }

  function handleMediaLookup(req: IncomingMessage, res: ServerResponse, mediaId: string): void {
    const ok = authorized(req);
    mediaRequests.push({ path: req.url ?? '', authorized: ok });
    if (!ok) return graphError(res, 401, 190, 'Invalid OAuth access token');
    const item = media.get(mediaId);
    if (!item) return graphError(res, 400, 100, `Unsupported get request. Object with ID '${mediaId}' does not exist`);
    sendJson(res, 200, {
      messaging_product: 'whatsapp',
      // Like lookaside.fbsbx.com: a short-lived URL that still needs the Bearer.
      url: `${baseUrl}/whatsapp_business/attachments/?mid=${mediaId}&ext=${item.token}&hash=${randomBytes(6).toString('hex')}`,
      mime_type: item.mimeType,
      sha256: createHash('sha256').update(item.bytes).digest('hex'),
      file_size: String(item.bytes.length),
      id: mediaId,
    });
  }

  function handleMediaDownload(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const ok = authorized(req);
    mediaRequests.push({ path: req.url ?? '', authorized: ok });
    if (!ok) return graphError(res, 401, 190, 'Invalid OAuth access token');
    const item = media.get(url.searchParams.get('mid') ?? '');
    if (!item || url.searchParams.get('ext') !== item.token) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.bytes.length) });
    res.end(item.bytes);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/whatsapp_business/attachments/' && req.method === 'GET') return handleMediaDownload(req, res, url);
    const send = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (send && req.method === 'POST') {
      if (send[1] !== apiVersion) return graphError(res, 400, 2635, `(#2635) You are calling a deprecated version of the Graph API (${send[1]})`);
      return handleSend(req, res, decodeURIComponent(send[2]!));
    }
    const lookup = /^\/(v\d+\.\d+)\/([^/]+)$/.exec(url.pathname);
    if (lookup && req.method === 'GET') return handleMediaLookup(req, res, decodeURIComponent(lookup[2]!));
    await readBody(req).catch(() => '');
    return graphError(res, 400, 100, `Unknown path components: ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorized: authorized(req) });
    res.on('error', () => undefined);
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) graphError(res, 500, 1, `Fake Graph error: ${(err as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addMedia(bytes: Buffer, mimeType: string): string {
    const id = String(1000000000000000 + Math.floor(Math.random() * 1e15));
    media.set(id, { bytes, mimeType, token: randomBytes(8).toString('hex') });
    return id;
  }

  async function postRaw(url: string, raw: string, signature: TFakeWhatsAppSignature): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' };
    // Independent implementation: sha256= + hex HMAC-SHA256(app secret, the bytes on the wire).
    if (signature === 'valid') headers['x-hub-signature-256'] = 'sha256=' + createHmac('sha256', appSecret).update(Buffer.from(raw, 'utf8')).digest('hex');
    if (signature === 'invalid') headers['x-hub-signature-256'] = 'sha256=' + createHmac('sha256', 'not-the-secret').update(Buffer.from(raw, 'utf8')).digest('hex');
    const res = await fetch(url, { method: 'POST', headers, body: raw });
    return { status: res.status, body: await res.text() };
  }

  function envelope(value: Record<string, unknown>): string {
    return escapeUnicode(
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: wabaId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId }, ...value } }] }],
      }),
    );
  }

  async function postMessage(o: { url: string; from: string; name?: string; message: Record<string, unknown>; signature?: TFakeWhatsAppSignature }) {
    const id = typeof o.message.id === 'string' ? o.message.id : wamid();
    const value = {
      contacts: [{ profile: { name: o.name ?? 'WhatsApp User' }, wa_id: o.from }],
      messages: [{ from: o.from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...o.message }],
    };
    const r = await postRaw(o.url, envelope(value), o.signature ?? 'valid');
    return { ...r, wamid: id };
  }

  return {
    baseUrl,
    apiVersion,
    accessToken,
    phoneNumberId,
    displayPhoneNumber,
    appSecret,
    wabaId,
    sent,
    requests,
    mediaRequests,
    sendAttempts: () => attempts,
    closeWindow: (to) => void closed.add(to),
    openWindow: (to) => void closed.delete(to),
    failNext: (n, error, o = {}) => {
      for (let i = 0; i < (o.after ?? 0); i++) failures.push(null);
      for (let i = 0; i < n; i++) failures.push(error);
    },
    addMedia,
    postEvent: (o) => postRaw(o.url, o.rawBody ?? envelope(o.value), o.signature ?? 'valid'),
    postText: (o) => postMessage({ url: o.url, from: o.from, name: o.name, signature: o.signature, message: { ...(o.wamid ? { id: o.wamid } : {}), type: 'text', text: { body: o.body } } }),
    async postImage(o) {
      const mediaId = addMedia(o.bytes, o.mimeType);
      const image = { id: mediaId, mime_type: o.mimeType, sha256: createHash('sha256').update(o.bytes).digest('base64'), ...(o.caption !== undefined ? { caption: o.caption } : {}) };
      const r = await postMessage({ url: o.url, from: o.from, name: o.name, message: { ...(o.wamid ? { id: o.wamid } : {}), type: 'image', image } });
      return { ...r, mediaId };
    },
    postMessage,
    async postStatus(o) {
      const m = sent.find((s) => s.wamid === o.wamid);
      if (!m) throw new Error(`fake-whatsapp: no message ${o.wamid}`);
      const status: Record<string, unknown> = {
        id: m.wamid,
        status: o.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: m.to,
        ...(m.callbackData ? { biz_opaque_callback_data: m.callbackData } : {}),
        ...(o.status === 'failed'
          ? {}
          : { conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'service' } }, pricing: { billable: true, pricing_model: 'CBP', category: 'service' } }),
      };
      if (o.errors)
        status.errors = o.errors.map((e) => ({
          code: e.code,
          title: e.title ?? 'Error',
          message: e.message ?? e.title ?? 'Error',
          ...(e.details ? { error_data: { details: e.details } } : {}),
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        }));
      return (await postRaw(o.url, envelope({ statuses: [status] }), o.signature ?? 'valid')).status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
