import { DmsError } from '../dms-error';
import { parseRetryAfter, sendDmsRequest, type TDmsHttpResponse } from '../dms-http';
import type { TDmsCallSink } from '../dms.types';

/** Fortellis production authorization server (protocol doc §2.1); other environments swap this prefix. */
export const FORTELLIS_TOKEN_URL = 'https://identity.fortellis.io/oauth2/aus1p1ixy7YL8cMq02p7/v1/token';
/** Renew this long before the announced expiry so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;
/** The docs say both "one hour" and "two hours": never trust more than an hour. */
const MAX_TOKEN_LIFETIME_MS = 3600_000;

export interface TCdkTokenProvider {
  /** A valid access token: the cached one, or one fetched now (concurrent callers share one token request). */
  getToken(opts?: { signal?: AbortSignal }): Promise<string>;
  /** Forget `token` after the API refused it (a newer token already fetched is kept). */
  invalidate(token: string): void;
  /** Secrets this provider holds, for log redaction. */
  secrets(): string[];
}

export interface TCdkTokenOptions {
  tokenUrl?: string;
  /** The product's Fortellis app credentials (server config, shared by every dealership). */
  apiKey: string;
  apiSecret: string;
  onCall?: TDmsCallSink;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The token endpoint's answer, or the DmsError it amounts to. */
function readTokenAnswer(res: TDmsHttpResponse): { accessToken: string; lifetimeMs: number } {
  if (res.status === 429)
    throw new DmsError({
      vendor: 'cdk',
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      message: 'CDK Fortellis is limiting token requests (HTTP 429).',
    });
  if (res.status >= 500)
    throw new DmsError({ vendor: 'cdk', kind: 'unavailable', status: res.status, message: `CDK Fortellis sign-in is unavailable (HTTP ${res.status}).` });
  let body: { access_token?: unknown; expires_in?: unknown } = {};
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    // judged below: no token in it
  }
  if (res.status !== 200 || typeof body.access_token !== 'string' || body.access_token === '')
    throw new DmsError({
      vendor: 'cdk',
      kind: res.status === 200 ? 'unavailable' : 'auth',
      status: res.status,
      message: `CDK Fortellis refused our app credentials (HTTP ${res.status}); check the API key and secret.`,
    });
  return { accessToken: body.access_token, lifetimeMs: Math.min(MAX_TOKEN_LIFETIME_MS, Math.max(0, Number(body.expires_in) * 1000 || 0)) };
}

/** OAuth2 client-credentials tokens for Fortellis, cached until shortly before they expire. */
export function createCdkTokenProvider(opts: TCdkTokenOptions): TCdkTokenProvider {
  const now = opts.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  const basic = Buffer.from(`${opts.apiKey}:${opts.apiSecret}`, 'utf8').toString('base64');
  const secrets = () => [opts.apiSecret, basic, ...(cached ? [cached.token] : [])];

  async function fetchToken(signal?: AbortSignal): Promise<string> {
    const token = await sendDmsRequest(
      {
        vendor: 'cdk',
        operation: 'token',
        method: 'POST',
        url: opts.tokenUrl ?? FORTELLIS_TOKEN_URL,
        headers: { accept: 'application/json', authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=anonymous',
        timeoutMs: opts.timeoutMs,
        maxResponseBytes: 64 * 1024,
        signal,
        onCall: opts.onCall,
        secrets: secrets(),
        fetch: opts.fetch,
      },
      readTokenAnswer,
    );
    cached = { token: token.accessToken, expiresAt: now() + token.lifetimeMs - EXPIRY_MARGIN_MS };
    return token.accessToken;
  }

  return {
    getToken(o = {}) {
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.token);
      inFlight ??= fetchToken(o.signal).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
    secrets,
  };
}
