import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { LOGGED_BODY_CHARS, recordOutsideCall } from './outside-calls/recorder';

/**
 * Fetching a page at an address a user typed (a listing's URL) without letting them aim the server at itself or at
 * the private network (SSRF): docs/real-estate.md "Generate from URL (SSRF)".
 *
 * - http and https only, no credentials in the URL, ports 80/443/8080/8443;
 * - the host name is resolved here and every address it resolves to must be public (loopback, private, CGNAT,
 *   link-local/metadata, multicast, reserved, IPv6 ULA/link-local, mapped and translated IPv4 are all refused);
 * - the connection goes to the address that was checked (the socket's lookup is pinned to it), so a DNS answer that
 *   changes between the check and the connect (rebinding) cannot move it;
 * - every redirect is checked the same way (at most 5); one deadline covers the whole chain; the body is streamed and
 *   cut at the size limit (after decompression); only HTML is accepted.
 */

export type TSafeFetchFailure =
  'bad_url' | 'blocked_address' | 'dns' | 'too_many_redirects' | 'too_large' | 'timeout' | 'http_status' | 'content_type' | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: TSafeFetchFailure,
    message: string,
    /** The HTTP status when the page answered one (http_status, content_type, too_large). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface TResolvedAddress {
  address: string;
  family: number;
}
export type TResolveHost = (hostname: string) => Promise<TResolvedAddress[]>;

export interface TSafeFetchOptions {
  url: string;
  /** Test-only: host names or IP literals reached although private (config SAFE_FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** DNS resolution (tests inject one); the system resolver by default. */
  resolve?: TResolveHost;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface TSafeFetchResult {
  /** The address after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export const SAFE_FETCH_MAX_BYTES = 2 * 1024 * 1024;
export const SAFE_FETCH_TIMEOUT_MS = 8000;
export const SAFE_FETCH_MAX_REDIRECTS = 5;
const ALLOWED_PORTS = new Set([80, 443, 8080, 8443]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Every range that is not the public internet (IANA special-purpose registries, v4 and v6). */
const NOT_PUBLIC = (() => {
  // Two lists: node's BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so the rule
  // refusing mapped addresses would refuse every IPv4 address if both families shared one list.
  const v4List = new BlockList();
  const v6List = new BlockList();
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.31.196.0', 24],
    ['192.52.193.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['192.175.48.0', 24],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  const v6: Array<[string, number]> = [
    // Unspecified, loopback and the deprecated IPv4-compatible block.
    ['::', 96],
    // IPv4-mapped: nobody's public DNS answers with one; refusing them all avoids parsing the v4 inside.
    ['::ffff:0:0', 96],
    // NAT64 and local-use translation: they would reach an IPv4 address we did not check.
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    // IETF protocol assignments (Teredo included), documentation, 6to4 (embeds IPv4).
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['3fff::', 20],
    ['5f00::', 16],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ];
  for (const [a, p] of v4) v4List.addSubnet(a, p, 'ipv4');
  for (const [a, p] of v6) v6List.addSubnet(a, p, 'ipv6');
  return { v4: v4List, v6: v6List };
})();

/** True for an address on the public internet; false for anything private, local, reserved or malformed. */
export function isPublicAddress(address: string): boolean {
  // A zone id (fe80::1%eth0) only exists on local links.
  if (address.includes('%')) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC.v4.check(address, 'ipv4') : !NOT_PUBLIC.v6.check(address, 'ipv6');
}

const systemResolve: TResolveHost = async (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The URL, parsed and checked for scheme, credentials and port (before any network use). */
function parseTarget(raw: string, allowed: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('bad_url', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('bad_url', 'Only http and https addresses can be fetched.');
  if (url.username || url.password) throw new SafeFetchError('bad_url', 'Addresses with credentials are refused.');
  if (url.hostname === '') throw new SafeFetchError('bad_url', 'The address has no host.');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!allowed && !ALLOWED_PORTS.has(port)) throw new SafeFetchError('bad_url', 'This port is not allowed.');
  return url;
}

/** The URL's host without IPv6 brackets, lower-case. */
function bareHost(url: URL): string {
  const h = url.hostname.toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/** The address to connect to: resolved here, every answer public (unless the host is allow-listed for tests). */
async function pickAddress(opts: { host: string; allowed: boolean; resolve: TResolveHost }): Promise<TResolvedAddress> {
  const literal = isIP(opts.host);
  let addresses: TResolvedAddress[];
  if (literal !== 0) addresses = [{ address: opts.host, family: literal }];
  else {
    try {
      addresses = await opts.resolve(opts.host);
    } catch {
      throw new SafeFetchError('dns', 'The host name could not be resolved.');
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('dns', 'The host name could not be resolved.');
  // All answers must be public: a mixed answer is the usual rebinding trick.
  if (!opts.allowed && addresses.some((a) => !isPublicAddress(a.address)))
    throw new SafeFetchError('blocked_address', 'This address is not on the public internet.');
  return addresses[0]!;
}

/** A socket lookup that answers the pinned address whatever name it is asked for. */
function pinnedLookup(pinned: TResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: TResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

interface TRawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  res: http.IncomingMessage;
}

function requestOnce(opts: { url: URL; pinned: TResolvedAddress; signal: AbortSignal }): Promise<TRawResponse> {
  const isHttps = opts.url.protocol === 'https:';
  const host = bareHost(opts.url);
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      {
        protocol: opts.url.protocol,
        hostname: host,
        port: opts.url.port || (isHttps ? 443 : 80),
        path: `${opts.url.pathname}${opts.url.search}`,
        method: 'GET',
        // No pooled socket: each hop connects to the address just checked.
        agent: false,
        lookup: pinnedLookup(opts.pinned),
        // SNI takes a name, never an IP literal.
        ...(isHttps && isIP(host) === 0 ? { servername: host } : {}),
        signal: opts.signal,
        headers: {
          'user-agent': 'CourierDesk-ListingPreview/1.0',
          accept: 'text/html,application/xhtml+xml;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en',
        },
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, res }),
    );
    req.on('error', reject);
    req.end();
  });
}

function charsetOf(contentType: string): string {
  const m = /;\s*charset\s*=\s*"?([\w.:-]{1,40})/i.exec(contentType);
  return m ? m[1]!.toLowerCase() : 'utf-8';
}

/** The body, decompressed, cut at maxBytes (of decompressed bytes: a small gzip bomb counts at its real size). */
async function readBody(opts: { raw: TRawResponse; maxBytes: number; signal: AbortSignal }): Promise<Buffer> {
  const declared = Number(opts.raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    opts.raw.res.destroy();
    throw new SafeFetchError('too_large', 'The page is too large.');
  }
  const encoding = String(opts.raw.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decompress =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  // pipeline (not pipe): a dropped or aborted response must end the decompressor's loop with an error.
  const stream: NodeJS.ReadableStream = decompress ? pipeline(opts.raw.res, decompress, () => undefined) : opts.raw.res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > opts.maxBytes) throw new SafeFetchError('too_large', 'The page is too large.');
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (opts.signal.aborted) throw new SafeFetchError('timeout', 'The page took too long to answer.');
    throw new SafeFetchError('network', 'The page could not be read.');
  } finally {
    opts.raw.res.destroy();
    decompress?.destroy();
  }
  return Buffer.concat(chunks);
}

function decode(body: Buffer, contentType: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

/** GET an HTML page at a user-given address, safely (see the file comment); throws SafeFetchError. */
export async function safeFetchHtml(opts: TSafeFetchOptions): Promise<TSafeFetchResult> {
  const started = performance.now();
  const call = { vendor: 'url_fetch', operation: 'fetch page', method: 'GET', url: opts.url };
  try {
    const res = await fetchHtml(opts);
    recordOutsideCall({
      ...call,
      status: res.status,
      durationMs: performance.now() - started,
      responseHeaders: { 'content-type': res.contentType },
      responseBody: res.body.length > LOGGED_BODY_CHARS ? res.body.slice(0, LOGGED_BODY_CHARS) : res.body,
    });
    return res;
  } catch (err) {
    const e = err as SafeFetchError;
    recordOutsideCall({ ...call, status: e.status ?? null, durationMs: performance.now() - started, error: e.message ?? String(err) });
    throw err;
  }
}

/** Every fetch is logged as one outside call (vendor `url_fetch`), redirects included, whatever its outcome. */
async function fetchHtml(opts: TSafeFetchOptions): Promise<TSafeFetchResult> {
  const allow = new Set((opts.allowHosts ?? []).map((h) => h.toLowerCase()));
  const resolveHost = opts.resolve ?? systemResolve;
  const maxBytes = opts.maxBytes ?? SAFE_FETCH_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const isAllowed = (raw: string) => {
    try {
      return allow.size > 0 && allow.has(bareHost(new URL(raw)));
    } catch {
      return false;
    }
  };

  let current = opts.url;
  for (let hop = 0; ; hop++) {
    const allowed = isAllowed(current);
    const url = parseTarget(current, allowed);
    const pinned = await pickAddress({ host: bareHost(url), allowed, resolve: resolveHost });
    if (signal.aborted) throw new SafeFetchError('timeout', 'The page took too long to answer.');
    let raw: TRawResponse;
    try {
      raw = await requestOnce({ url, pinned, signal });
    } catch {
      if (signal.aborted) throw new SafeFetchError('timeout', 'The page took too long to answer.');
      throw new SafeFetchError('network', 'The page could not be reached.');
    }
    const location = raw.headers.location;
    if (raw.status >= 300 && raw.status < 400 && location) {
      raw.res.destroy();
      if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', 'The page redirects too many times.');
      try {
        current = new URL(location, url).toString();
      } catch {
        throw new SafeFetchError('bad_url', 'The page redirects to an invalid address.');
      }
      continue;
    }
    if (raw.status < 200 || raw.status >= 300) {
      raw.res.destroy();
      throw new SafeFetchError('http_status', `The page answered HTTP ${raw.status}.`, raw.status);
    }
    const contentType = String(raw.headers['content-type'] ?? '');
    const mime = contentType.split(';')[0]!.trim().toLowerCase();
    if (!HTML_TYPES.has(mime)) {
      raw.res.destroy();
      throw new SafeFetchError('content_type', 'The address is not a web page.', raw.status);
    }
    const body = await readBody({ raw, maxBytes, signal });
    return { url: url.toString(), status: raw.status, contentType, body: decode(body, contentType) };
  }
}
