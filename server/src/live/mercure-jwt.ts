import { jwtVerify, SignJWT } from 'jose';

/**
 * Short, like API access tokens: the hub ends the stream at exp and the client fetches a fresh token (re-checked
 * against the account) before it reconnects with Last-Event-ID, so a lost or stale token is worth little.
 */
export const MERCURE_TOKEN_TTL_SECONDS = 10 * 60;

export interface TMercureClaims {
  /** Selectors the holder may receive (mercure.subscribe). */
  subscribe: string[];
  /** Seconds since the epoch; the hub ends the stream then. */
  exp: number;
  sub: string | undefined;
  /** The signed-in user behind an impersonated token (`act.sub`, RFC 8693), re-checked at every connect. */
  actorSub: string | undefined;
}

/** HS256 subscriber JWS in the Mercure v0.x claim shape. */
export async function signMercureToken(opts: {
  secret: Uint8Array;
  userId: number;
  /** The real user when `userId` is impersonated. */
  realUserId?: number;
  topics: string[];
  now?: number;
  ttlSeconds?: number;
}): Promise<{ token: string; exp: number }> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const exp = now + (opts.ttlSeconds ?? MERCURE_TOKEN_TTL_SECONDS);
  const token = await new SignJWT({
    mercure: { subscribe: opts.topics, payload: { user: `/api/users/${opts.userId}` } },
    ...(opts.realUserId !== undefined && opts.realUserId !== opts.userId ? { act: { sub: String(opts.realUserId) } } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(opts.userId))
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(opts.secret);
  return { token, exp };
}

/** The token's claims, or null when it is missing, malformed, badly signed, expired or has no subscribe list. */
export async function verifyMercureToken(opts: { secret: Uint8Array; token: string | undefined }): Promise<TMercureClaims | null> {
  if (!opts.token) return null;
  try {
    const { payload } = await jwtVerify(opts.token, opts.secret, { algorithms: ['HS256'] });
    const mercure = payload.mercure as { subscribe?: unknown } | undefined;
    const subscribe = mercure?.subscribe;
    if (!Array.isArray(subscribe) || !subscribe.every((s) => typeof s === 'string')) return null;
    // Our tokens always expire; one without exp is not ours and would stream forever.
    if (typeof payload.exp !== 'number') return null;
    const act = payload.act as { sub?: unknown } | undefined;
    if (act !== undefined && typeof act?.sub !== 'string') return null;
    return { subscribe: subscribe as string[], exp: payload.exp, sub: payload.sub, actorSub: act?.sub as string | undefined };
  } catch {
    return null;
  }
}
