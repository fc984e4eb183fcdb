/**
 * A fake Twilio Programmable Messaging server for tests: real HTTP on 127.0.0.1 (ephemeral port), speaking
 * the subset of the REST API our adapter uses (protocols/channels-and-live.md §1), plus helpers that play
 * Twilio's side of the webhooks (signed status callbacks and inbound messages).
 * The signature code here is written independently of src/ so tests do not check the adapter against itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeTwilioStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'read' | 'received';

export interface TFakeTwilioSent {
  sid: string;
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  receivedAt: Date;
}

/** Everything the fake's message list holds (outbound sends and inbound messages it posted). */
export interface TFakeTwilioMessage {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  status: TFakeTwilioStatus;
  errorCode: number | null;
  dateCreated: Date;
  /** null while queued: Twilio sets date_sent only once the message leaves, which the DateSent filters see. */
  dateSent: Date | null;
}

export interface TFakeTwilio {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Every message the fake accepted (201), in order. */
  sent: TFakeTwilioSent[];
  /** All messages, outbound and inbound. */
  messages: TFakeTwilioMessage[];
  /** Number of POST .../Messages.json requests, including rejected and failed ones. */
  sendAttempts(): number;
  /** Sends to this number fail with 400 / 21610 (the recipient replied STOP). */
  block(number: string): void;
  unblock(number: string): void;
  /** The next n sends answer this error (e.g. 500/503 for transient, 400/21211 for permanent). */
  failNext(n: number, error: { status: number; code?: number; message?: string }): void;
  /** The next n sends are recorded at once, but answered only after ms (lets a test kill the worker mid-call). */
  delayNext(ms: number, n?: number): void;
  /** Registers media and returns its absolute URL (…/Messages/{MM}/Media/{ME}); Basic auth required to fetch it.
   * With redirect, the URL answers 307 to a CDN-like path on the same server (as Twilio redirects to its CDN). */
  addMedia(bytes: Buffer, contentType: string, opts?: { messageSid?: string; redirect?: boolean }): string;
  /** Every request received (method and path+query), oldest first. */
  requests: Array<{ method: string; url: string }>;
  /** Media GETs (any hop, including the CDN one) and whether they carried valid Basic auth. */
  mediaRequests: Array<{ path: string; authorized: boolean }>;
  /** POSTs a correctly signed status callback to the statusCallback the message was sent with; returns our HTTP status. */
  postStatus(opts: { sid: string; status: 'sent' | 'delivered' | 'undelivered' | 'failed' | 'read'; errorCode?: string | number; errorMessage?: string }): Promise<number>;
  /** POSTs an inbound message webhook, form-encoded and signed like Twilio. `url` is both the target and the signed URL. */
  postInbound(opts: {
    url: string;
    from: string;
    to: string;
    body: string;
    media?: { contentType: string; bytes: Buffer }[];
    messageSid?: string;
    signature?: 'valid' | 'invalid' | 'missing';
    extraParams?: Record<string, string>;
  }): Promise<{ status: number; body: string; messageSid: string }>;
  close(): Promise<void>;
}

const API_VERSION = '2010-04-01';
const E164 = /^(?:whatsapp:)?\+[1-9]\d{1,14}$/;

function sid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}

/** RFC 2822 like Twilio's date fields: "Thu, 30 Jul 2015 20:12:31 +0000". */
function rfc2822(d: Date | null): string | null {
  return d ? d.toUTCString().replace('GMT', '+0000') : null;
}

/** Independent implementation of Twilio's X-Twilio-Signature (single-valued params are all the fake posts). */
function sign(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
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

function twilioError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

/** Day filters (DateSent>=, DateSent<=, DateSent=) compare whole UTC days, like Twilio's list API. */
function dayStart(value: string): number | null {
  const t = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
const DAY_MS = 86_400_000;

export async function startFakeTwilio(opts: { authToken?: string; accountSid?: string } = {}): Promise<TFakeTwilio> {
  const accountSid = opts.accountSid ?? sid('AC');
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const sent: TFakeTwilioSent[] = [];
  const messages: TFakeTwilioMessage[] = [];
  const blocked = new Set<string>();
  const failures: Array<{ status: number; code?: number; message?: string }> = [];
  const delays: number[] = [];
  const media = new Map<string, { messageSid: string; bytes: Buffer; contentType: string; redirect: boolean; cdnToken: string }>();
  const mediaRequests: Array<{ path: string; authorized: boolean }> = [];
  const requests: Array<{ method: string; url: string }> = [];
  let attempts = 0;
  let baseUrl = '';
  const accountPath = `/${API_VERSION}/Accounts/${accountSid}`;

  function authorized(req: IncomingMessage): boolean {
    const h = req.headers.authorization ?? '';
    if (!h.startsWith('Basic ')) return false;
    return Buffer.from(h.slice(6), 'base64').toString('utf8') === `${accountSid}:${authToken}`;
  }

  function messageJson(m: TFakeTwilioMessage) {
    return {
      sid: m.sid,
      account_sid: accountSid,
      messaging_service_sid: null,
      from: m.from,
      to: m.to,
      body: m.body,
      status: m.status,
      direction: m.direction,
      num_segments: String(Math.max(1, Math.ceil(m.body.length / 153))),
      num_media: String(m.mediaUrls.length),
      error_code: m.errorCode,
      error_message: null,
      price: null,
      price_unit: 'USD',
      api_version: API_VERSION,
      date_created: rfc2822(m.dateCreated),
      date_sent: rfc2822(m.dateSent),
      date_updated: rfc2822(new Date()),
      uri: `${accountPath}/Messages/${m.sid}.json`,
      subresource_uris: { media: `${accountPath}/Messages/${m.sid}/Media.json` },
    };
  }

  async function handleSend(req: IncomingMessage, res: ServerResponse): Promise<void> {
    attempts++;
    const form = new URLSearchParams(await readBody(req));
    const failure = failures.shift();
    if (failure) return twilioError(res, failure.status, failure.code ?? (failure.status >= 500 ? 20500 : 20001), failure.message ?? 'Injected failure');
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    const mediaUrls = form.getAll('MediaUrl');
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !form.get('MessagingServiceSid')) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!body && mediaUrls.length === 0 && !form.get('ContentSid')) return twilioError(res, 400, 21602, 'Message body is required.');
    if (body.length > 1600) return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (blocked.has(to)) return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const now = new Date();
    const m: TFakeTwilioMessage = {
      sid: sid(mediaUrls.length > 0 ? 'MM' : 'SM'),
      direction: 'outbound-api',
      to,
      from,
      body,
      mediaUrls,
      statusCallback: form.get('StatusCallback'),
      status: 'queued',
      errorCode: null,
      dateCreated: now,
      dateSent: null,
    };
    messages.push(m);
    sent.push({ sid: m.sid, to, from, body, mediaUrls, statusCallback: m.statusCallback, receivedAt: now });
    const delay = delays.shift();
    if (delay) await new Promise((r) => setTimeout(r, delay));
    sendJson(res, 201, messageJson(m));
  }

  function handleList(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    let list = messages.slice();
    const to = q.get('To');
    const from = q.get('From');
    if (to) list = list.filter((m) => m.to === to);
    if (from) list = list.filter((m) => m.from === from);
    const ge = q.get('DateSent>');
    const le = q.get('DateSent<');
    const eq = q.get('DateSent');
    const geDay = ge ? dayStart(ge) : null;
    const leDay = le ? dayStart(le) : null;
    const eqDay = eq ? dayStart(eq) : null;
    if (geDay !== null) list = list.filter((m) => m.dateSent !== null && m.dateSent.getTime() >= geDay);
    if (leDay !== null) list = list.filter((m) => m.dateSent !== null && m.dateSent.getTime() < leDay + DAY_MS);
    if (eqDay !== null) list = list.filter((m) => m.dateSent !== null && m.dateSent.getTime() >= eqDay && m.dateSent.getTime() < eqDay + DAY_MS);
    list.sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime());
    const pageSize = Math.min(Math.max(Number(q.get('PageSize') ?? 50) || 50, 1), 1000);
    const page = Math.max(Number(q.get('Page') ?? 0) || 0, 0);
    const slice = list.slice(page * pageSize, (page + 1) * pageSize);
    const pageUri = (p: number) => {
      const u = new URLSearchParams(q);
      u.set('PageSize', String(pageSize));
      u.set('Page', String(p));
      if (p > 0) u.set('PageToken', `PA${sid('').slice(0, 16)}`);
      else u.delete('PageToken');
      return `${accountPath}/Messages.json?${u.toString()}`;
    };
    sendJson(res, 200, {
      messages: slice.map(messageJson),
      first_page_uri: pageUri(0),
      next_page_uri: (page + 1) * pageSize < list.length ? pageUri(page + 1) : null,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      page,
      page_size: pageSize,
      start: page * pageSize,
      end: page * pageSize + Math.max(slice.length - 1, 0),
      uri: pageUri(page),
    });
  }

  function handleMedia(req: IncomingMessage, res: ServerResponse, messageSid: string, mediaSid: string): void {
    const ok = authorized(req);
    mediaRequests.push({ path: req.url ?? '', authorized: ok });
    if (!ok) return twilioError(res, 401, 20003, 'Authenticate');
    const item = media.get(mediaSid);
    if (!item || item.messageSid !== messageSid) return twilioError(res, 404, 20404, 'The requested resource was not found');
    if (item.redirect) {
      res.writeHead(307, { location: `/cdn/${mediaSid}?token=${item.cdnToken}` });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': item.contentType, 'content-length': String(item.bytes.length) });
    res.end(item.bytes);
  }

  function handleCdn(req: IncomingMessage, res: ServerResponse, url: URL, mediaSid: string): void {
    mediaRequests.push({ path: req.url ?? '', authorized: authorized(req) });
    const item = media.get(mediaSid);
    // Like a pre-signed CDN URL: the token in the URL is the credential.
    if (!item || url.searchParams.get('token') !== item.cdnToken) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Forbidden');
      return;
    }
    res.writeHead(200, { 'content-type': item.contentType, 'content-length': String(item.bytes.length) });
    res.end(item.bytes);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const cdn = /^\/cdn\/(ME[0-9a-f]{32})$/.exec(url.pathname);
    if (cdn && req.method === 'GET') return handleCdn(req, res, url, cdn[1]!);
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(?:\.json|\/([^/]+)\/Media\/([^/.]+))$/.exec(url.pathname);
    if (!m) return twilioError(res, 404, 20404, 'The requested resource was not found');
    if (m[2] && m[3]) {
      if (req.method !== 'GET') return twilioError(res, 405, 20004, 'Method not allowed');
      if (decodeURIComponent(m[1]!) !== accountSid && authorized(req)) return twilioError(res, 404, 20404, 'The requested resource was not found');
      return handleMedia(req, res, m[2], m[3]);
    }
    if (!authorized(req)) {
      await readBody(req).catch(() => '');
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    if (decodeURIComponent(m[1]!) !== accountSid) return twilioError(res, 404, 20404, 'The requested resource was not found');
    if (req.method === 'POST') return handleSend(req, res);
    if (req.method === 'GET') return handleList(url, res);
    return twilioError(res, 405, 20004, 'Method not allowed');
  }

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    res.on('error', () => undefined);
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) twilioError(res, 500, 20500, `Fake Twilio error: ${(err as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addMedia(bytes: Buffer, contentType: string, o: { messageSid?: string; redirect?: boolean } = {}): string {
    const messageSid = o.messageSid ?? sid('MM');
    const mediaSid = sid('ME');
    media.set(mediaSid, { messageSid, bytes, contentType, redirect: o.redirect ?? false, cdnToken: randomBytes(12).toString('hex') });
    return `${baseUrl}${accountPath}/Messages/${messageSid}/Media/${mediaSid}`;
  }

  async function postForm(url: string, params: Record<string, string>, signature: string | null): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'user-agent': 'TwilioProxy/1.1',
      'i-twilio-idempotency-token': randomBytes(16).toString('hex'),
    };
    if (signature !== null) headers['x-twilio-signature'] = signature;
    const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
    return { status: res.status, body: await res.text() };
  }

  return {
    baseUrl,
    accountSid,
    authToken,
    sent,
    messages,
    requests,
    mediaRequests,
    sendAttempts: () => attempts,
    block: (number) => void blocked.add(number),
    unblock: (number) => void blocked.delete(number),
    failNext: (n, error) => {
      for (let i = 0; i < n; i++) failures.push(error);
    },
    delayNext: (ms, n = 1) => {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    addMedia,
    async postStatus(o) {
      const m = messages.find((x) => x.sid === o.sid);
      if (!m) throw new Error(`fake-twilio: no message ${o.sid}`);
      if (!m.statusCallback) throw new Error(`fake-twilio: message ${o.sid} was sent without StatusCallback`);
      m.status = o.status;
      if (o.status !== 'failed' && !m.dateSent) m.dateSent = new Date();
      if (o.errorCode !== undefined) m.errorCode = Number(o.errorCode);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: API_VERSION,
        From: m.from,
        MessageSid: m.sid,
        MessageStatus: o.status,
        SmsSid: m.sid,
        SmsStatus: o.status,
        To: m.to,
      };
      if (o.errorCode !== undefined) params.ErrorCode = String(o.errorCode);
      if (o.errorMessage !== undefined) params.ErrorMessage = o.errorMessage;
      const r = await postForm(m.statusCallback, params, sign(authToken, m.statusCallback, params));
      return r.status;
    },
    async postInbound(o) {
      const items = o.media ?? [];
      const messageSid = o.messageSid ?? sid(items.length > 0 ? 'MM' : 'SM');
      const params: Record<string, string> = {
        ToCountry: 'US',
        ToState: 'CA',
        SmsMessageSid: messageSid,
        NumMedia: String(items.length),
        ToCity: '',
        FromZip: '',
        SmsSid: messageSid,
        FromState: '',
        SmsStatus: 'received',
        FromCity: '',
        Body: o.body,
        FromCountry: 'US',
        To: o.to,
        ToZip: '',
        NumSegments: String(Math.max(1, Math.ceil(o.body.length / 153))),
        MessageSid: messageSid,
        AccountSid: accountSid,
        From: o.from,
        ApiVersion: API_VERSION,
        ...o.extraParams,
      };
      const mediaUrls: string[] = [];
      items.forEach((item, n) => {
        const url = addMedia(item.bytes, item.contentType, { messageSid });
        mediaUrls.push(url);
        params[`MediaContentType${n}`] = item.contentType;
        params[`MediaUrl${n}`] = url;
      });
      if (!messages.some((x) => x.sid === messageSid)) {
        const now = new Date();
        messages.push({ sid: messageSid, direction: 'inbound', to: o.to, from: o.from, body: o.body, mediaUrls, statusCallback: null, status: 'received', errorCode: null, dateCreated: now, dateSent: now });
      }
      const mode = o.signature ?? 'valid';
      const signature = mode === 'missing' ? null : sign(mode === 'valid' ? authToken : `${authToken}x`, o.url, params);
      const r = await postForm(o.url, params, signature);
      return { ...r, messageSid };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
