import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@cd/contracts/outgoing-webhooks';
import { isPublicAddress } from '../../lib/safe-fetch';

/**
 * Where a company's webhooks may go (SSRF, docs/outgoing-webhooks.md "Targets"): https only, no credentials, ports
 * 443/8443/80/8080, every address the host resolves to public; the connection is pinned to the address checked (a DNS
 * answer that changes between check and connect cannot move it) and redirects are not followed. Hosts listed in
 * SAFE_FETCH_ALLOW_HOSTS (tests and the e2e receiver only) may be private, on any port, over plain http.
 */

export type TResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: TResolveHost = async (hostname) => dns.lookup(hostname, { all: true, verbatim: true });
const PORTS = new Set([443, 8443, 80, 8080]);

export class WebhookTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

function bareHost(url: URL): string {
  const h = url.hostname.toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/** The URL checked for form (no network): throws WebhookTargetError with the message to show. */
export function parseWebhookUrl(opts: { url: string; allowHosts: readonly string[] }): { url: URL; allowed: boolean } {
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.badUrl);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookTargetError(WEBHOOK_MESSAGES.badUrl);
  if (url.username || url.password) throw new WebhookTargetError(WEBHOOK_MESSAGES.credentials);
  if (!url.hostname) throw new WebhookTargetError(WEBHOOK_MESSAGES.badUrl);
  const allowed = opts.allowHosts.some((h) => h.toLowerCase() === bareHost(url));
  if (allowed) return { url, allowed };
  if (url.protocol !== 'https:') throw new WebhookTargetError(WEBHOOK_MESSAGES.httpNotAllowed);
  const port = url.port === '' ? 443 : Number(url.port);
  if (!PORTS.has(port)) throw new WebhookTargetError(WEBHOOK_MESSAGES.port);
  return { url, allowed };
}

/** The address to connect to; every answer must be public unless the host is allow-listed. */
export async function resolveWebhookTarget(opts: { url: URL; allowed: boolean; resolve?: TResolveHost }): Promise<{ address: string; family: number }> {
  const host = bareHost(opts.url);
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolve)(host);
    } catch {
      throw new WebhookTargetError(WEBHOOK_MESSAGES.unresolved);
    }
  }
  if (!addresses.length) throw new WebhookTargetError(WEBHOOK_MESSAGES.unresolved);
  if (!opts.allowed && addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookTargetError(WEBHOOK_MESSAGES.privateAddress);
  return addresses[0]!;
}

/** Checks a URL a company admin typed: form, then DNS (a name resolving to a private address is refused too). */
export async function checkWebhookUrl(opts: { url: string; allowHosts: readonly string[]; resolve?: TResolveHost }): Promise<void> {
  const parsed = parseWebhookUrl(opts);
  await resolveWebhookTarget({ ...parsed, resolve: opts.resolve });
}

function pinnedLookup(pinned: { address: string; family: number }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

export interface TWebhookPostResult {
  /** null when no HTTP answer came (refused, timeout, blocked). */
  status: number | null;
  body: string | null;
  responseHeaders: Record<string, string>;
  error: string | null;
  durationMs: number;
}

/** POSTs one delivery: never throws; the answer's body is read up to WEBHOOK_LIMITS.responseBytes. */
export async function postWebhook(opts: {
  url: string;
  allowHosts: readonly string[];
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  resolve?: TResolveHost;
}): Promise<TWebhookPostResult> {
  const started = performance.now();
  const done = (r: Omit<TWebhookPostResult, 'durationMs'>): TWebhookPostResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  let target: { url: URL; allowed: boolean };
  let pinned: { address: string; family: number };
  try {
    target = parseWebhookUrl({ url: opts.url, allowHosts: opts.allowHosts });
    pinned = await resolveWebhookTarget({ ...target, resolve: opts.resolve });
  } catch (err) {
    return done({ status: null, body: null, responseHeaders: {}, error: (err as Error).message });
  }
  const { url } = target;
  const isHttps = url.protocol === 'https:';
  const host = bareHost(url);
  const signal = AbortSignal.timeout(opts.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs);
  return new Promise<TWebhookPostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<TWebhookPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve(done(r));
    };
    const req = (isHttps ? https : http).request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinnedLookup(pinned),
        ...(isHttps && isIP(host) === 0 ? { servername: host } : {}),
        signal,
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(opts.body)),
          'user-agent': 'CourierDesk-Webhooks/1.0',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
        const end = () => {
          res.destroy();
          finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), responseHeaders: headers, error: null });
        };
        res.on('data', (chunk: Buffer) => {
          const room = WEBHOOK_LIMITS.responseBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          // The rest of a large answer is not waited for: the status is what counts.
          if (size >= WEBHOOK_LIMITS.responseBytes) end();
        });
        res.on('end', end);
        res.on('error', () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), responseHeaders: headers, error: null }));
      },
    );
    req.on('error', (err) =>
      finish({
        status: null,
        body: null,
        responseHeaders: {},
        error: signal.aborted ? 'The endpoint took too long to answer.' : `Could not connect: ${err.message}`,
      }),
    );
    req.end(opts.body);
  });
}
