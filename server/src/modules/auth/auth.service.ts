import { randomUUID, webcrypto } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUTH_MESSAGES, type TTokenPair } from '@cd/contracts/auth';
import { canImpersonate, isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import type { TConfig } from '../../config';
import type { TActor, TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, AuthError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.api';
import { bumpTokenVersion, findAuthUsers, findUserByEmail, updateUser } from '../users/users.api';
import { userLiveEvents } from '../users/users.presenter';
import type { TUserRow } from '../users/users.schema';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { redactUrl } from '../../lib/log-redact';
import * as repo from './auth.repository';
import { findAuthUser } from './auth-user-lookup';
import { issueDeviceCookie, readDeviceId } from './device-cookie';
import { admitSignInAttempt, clearSignInBackoff, type TThrottleRule } from './login-throttle';

const SYSTEM = { companyId: null, system: true } as const;
// Verifying against a fixed hash when the email is unknown keeps response time from revealing accounts.
const DUMMY_HASH = hash('not-a-real-password-0');

const jwtKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/** The access-token HMAC key, imported once per secret (jose would import raw bytes again on every call). */
function jwtKeyOf(config: Pick<TConfig, 'jwtSecret'>): Promise<CryptoKey> {
  let key = jwtKeys.get(config.jwtSecret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', config.jwtSecret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    jwtKeys.set(config.jwtSecret, key);
  }
  return key;
}

async function issueTokens(deps: TAppDeps, user: TUserRow, family: string = randomUUID()): Promise<TTokenPair> {
  const now = Math.floor(Date.now() / 1000);
  // `tv` ties the token to the user's credential version; `sid` names the session (refresh family), so the
  // session that changes its own password is the one kept alive.
  const token = await new SignJWT({ username: user.email, roles: user.roles, cid: user.companyId, tv: user.tokenVersion, sid: family })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + deps.config.accessTokenTtl)
    .sign(await jwtKeyOf(deps.config));
  const refresh = randomToken(32);
  await runInScope(deps.db, SYSTEM, (tx) =>
    repo.insertRefreshToken(tx, {
      userId: user.id,
      family,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + deps.config.refreshTokenTtl * 1000),
      tokenVersion: user.tokenVersion,
    }),
  );
  return { token, refresh_token: refresh };
}

function rateLimited(retryAfter: number): AppError {
  // `retryAfter` repeats the header in the body: the SPA's error object keeps the problem body, not the headers.
  return new AppError(
    'rate_limited',
    `Too many sign-in attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
    { retryAfter },
  );
}

/**
 * The throttle keys of one sign-in (policy in docs/decisions.md "Authentication"): every attempt counts against
 * the address; a known device is throttled on its own, anyone else against the account and the account+address.
 */
function signInRules(opts: { config: TConfig; email: string; ip: string; userId?: number; deviceId?: string }): TThrottleRule[] {
  const { config: c, email, ip } = opts;
  const backoff = { baseSeconds: c.loginBackoffBaseSeconds, maxSeconds: c.loginBackoffMaxSeconds, resetSeconds: c.loginWindowSeconds };
  const rules: TThrottleRule[] = [{ kind: 'window', key: `ip:${ip}`, max: c.loginMaxAttemptsPerIp, windowSeconds: c.loginWindowSeconds }];
  if (opts.deviceId) return [...rules, { kind: 'backoff', key: `dev:${opts.userId}:${opts.deviceId}`, free: c.loginMaxFailuresPerAccount, ...backoff }];
  return [
    ...rules,
    { kind: 'backoff', key: `pair:${ip}|${email}`, free: c.loginMaxFailuresPerAddressAccount, ...backoff },
    { kind: 'backoff', key: `acct:${email}`, free: c.loginMaxFailuresPerAccount, ...backoff },
  ];
}

export async function login(opts: {
  deps: TAppDeps;
  email: string;
  password: string;
  ip: string;
  cookieHeader?: string;
}): Promise<{ tokens: TTokenPair; deviceCookie: string }> {
  const { deps, password, ip } = opts;
  const email = opts.email.trim().toLowerCase();
  const user = await runInScope(deps.db, SYSTEM, (tx) => findUserByEmail(tx, email));
  const deviceId = user ? readDeviceId({ config: deps.config, cookieHeader: opts.cookieHeader, userId: user.id }) : undefined;
  const rules = signInRules({ config: deps.config, email, ip, userId: user?.id, deviceId });
  // Counted before the password is verified, atomically: parallel guesses cannot outrun the limit.
  const verdict = await admitSignInAttempt({ deps, rules });
  if (!verdict.admitted) throw rateLimited(verdict.retryAfterSeconds);

  const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
  if (!user || !ok || !user.enabled || user.companyEnabled === false) throw new AuthError(AUTH_MESSAGES.invalidCredentials);
  await clearSignInBackoff({ deps, keys: rules.filter((r) => r.kind === 'backoff').map((r) => r.key) });
  return { tokens: await issueTokens(deps, user), deviceCookie: issueDeviceCookie({ config: deps.config, userId: user.id, deviceId }) };
}

export async function refreshTokens(opts: { deps: TAppDeps; refreshToken: string }): Promise<TTokenPair> {
  const { deps } = opts;
  const tokenHash = sha256(opts.refreshToken);
  const result = await runInScope(deps.db, SYSTEM, async (tx) => {
    const row = await repo.spendRefreshToken(tx, tokenHash);
    if (!row) return { error: true as const };
    if (row.spentAt || row.revokedAt) {
      // A spent token used again means it leaked or was replayed: end the whole session family.
      await repo.revokeFamily(tx, row.family);
      return { error: true as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { error: true as const };
    const [user] = await findAuthUsers(tx, { id: row.userId });
    // A credential change since this token was issued ended the session (its revocation may not have run yet).
    if (!user || !user.enabled || user.companyEnabled === false || row.tokenVersion !== user.tokenVersion) {
      await repo.revokeFamily(tx, row.family);
      return { error: true as const };
    }
    return { user, family: row.family };
  });
  // The spend (or family revocation) is committed before answering, so a replay can never win.
  if ('error' in result) throw new AuthError(AUTH_MESSAGES.invalid);
  return issueTokens(deps, result.user, result.family);
}

export async function logout(opts: { deps: TAppDeps; refreshToken: string }): Promise<void> {
  const tokenHash = sha256(opts.refreshToken);
  await runInScope(opts.deps.db, SYSTEM, async (tx) => {
    const row = await repo.spendRefreshToken(tx, tokenHash);
    if (row) await repo.revokeFamily(tx, row.family);
  });
}

export async function requestPasswordReset(opts: { deps: TAppDeps; email: string; ip: string }): Promise<void> {
  const { deps, ip } = opts;
  const verdict = await admitSignInAttempt({
    deps,
    rules: [{ kind: 'window', key: `reset:${ip}`, max: deps.config.loginMaxAttemptsPerIp, windowSeconds: deps.config.loginWindowSeconds }],
  });
  if (!verdict.admitted) throw rateLimited(verdict.retryAfterSeconds);
  const user = await runInScope(deps.db, SYSTEM, (tx) => findUserByEmail(tx, opts.email));
  // Same answer whether or not the account exists: no account discovery through this form.
  if (!user || !user.enabled) return;
  const token = randomToken(32);
  await runInScope(deps.db, SYSTEM, (tx) =>
    repo.insertResetToken(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + deps.config.resetTokenTtl * 1000),
    }),
  );
  const link = `${deps.config.publicUrl}/reset_password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Courier Desk password',
    text: `Hello ${user.firstName || user.email},\n\nSomeone asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in ${Math.round(deps.config.resetTokenTtl / 60)} minutes. If you did not ask for this, ignore this mail.\n`,
  });
}

export async function getResetTokenEmail(opts: { deps: TAppDeps; token: string }): Promise<string> {
  const email = await runInScope(opts.deps.db, SYSTEM, async (tx) => {
    const row = await repo.findValidResetToken(tx, sha256(opts.token));
    if (!row) return null;
    const [user] = await findAuthUsers(tx, { id: row.userId });
    return user?.enabled ? user.email : null;
  });
  if (!email) throw new AppError('not_found', 'This reset link is invalid or has expired.');
  return email;
}

export async function resetPassword(opts: { deps: TAppDeps; token: string; password: string }): Promise<void> {
  const { deps } = opts;
  const passwordHash = await hash(opts.password);
  const ok = await runWithLiveEvents({ deps, scope: SYSTEM, fn: async (tx, emit) => {
    const row = await repo.findValidResetToken(tx, sha256(opts.token));
    if (!row || !(await repo.markResetTokenUsed(tx, row.id))) return false;
    await updateUser(tx, { companyId: null, id: row.userId, values: { passwordHash } });
    // A new password ends every session of the account: access tokens by version, refresh families now.
    const user = await bumpTokenVersion(tx, { companyId: null, id: row.userId });
    if (!user) return false;
    await repo.revokeUserSessionsExcept(tx, { userId: user.id, tokenVersion: user.tokenVersion });
    emit(userLiveEvents(user, ['credentials']));
    return true;
  } });
  if (!ok) throw new AppError('not_found', 'This reset link is invalid or has expired.');
}

/** Resolves the bearer token (and optional impersonation) into the request's actor; throws the spec's 401s. */
export async function authenticate(opts: {
  deps: TAppDeps;
  authorization: string | undefined;
  impersonate: string | undefined;
  method: string;
  url: string;
  ip?: string;
  userAgent?: string;
}): Promise<TActor> {
  const { deps } = opts;
  const m = opts.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!m) throw new AuthError(AUTH_MESSAGES.notFound);
  let userId: number;
  let tokenVersion: number;
  let sessionId: string | null;
  try {
    const { payload } = await jwtVerify(m[1]!, await jwtKeyOf(deps.config), { algorithms: ['HS256'] });
    userId = Number(payload.sub);
    // Tokens from before versions existed carry none: they belong to version 0.
    tokenVersion = payload.tv === undefined ? 0 : Number(payload.tv);
    sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(tokenVersion)) throw new AuthError(AUTH_MESSAGES.invalid);
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AuthError(AUTH_MESSAGES.expired);
    throw new AuthError(AUTH_MESSAGES.invalid);
  }
  const impersonate = opts.impersonate?.trim().toLowerCase() || undefined;
  // Impersonation reads the target in the same statement; plain requests share one lookup per event-loop turn.
  const rows = impersonate
    ? await runInScope(deps.db, SYSTEM, (tx) => findAuthUsers(tx, { id: userId, impersonateEmail: impersonate }))
    : [await findAuthUser({ db: deps.db, id: userId })].filter((u) => u !== undefined);
  const real = rows.find((r) => r.id === userId);
  // A disabled account (or company) loses its sessions at once, even with an unexpired access token.
  if (!real || !real.enabled || real.companyEnabled === false) throw new AuthError(AUTH_MESSAGES.exception);
  // A credential change retired this token. "Expired" sends clients to the refresh path, where only the session
  // that made the change still refreshes; every other session ends there.
  if (tokenVersion !== real.tokenVersion) throw new AuthError(AUTH_MESSAGES.expired);

  let user: TUserRow = real;
  if (impersonate && impersonate !== real.email.toLowerCase()) {
    const target = rows.find((r) => r.email.toLowerCase() === impersonate);
    if (!target || !canImpersonate(real, target)) throw new AppError('forbidden', 'You may not impersonate this user.');
    user = target;
    await runInScope(deps.db, SYSTEM, (tx) =>
      insertAuditEntry(tx, {
        companyId: target.companyId,
        realUserId: real.id,
        effectiveUserId: target.id,
        action: 'impersonated_request',
        entityType: 'user',
        entityId: target.id,
        ip: opts.ip ?? null,
        userAgent: opts.userAgent?.slice(0, 500) ?? null,
        // The audit log is read by people: no token or signature from the query string lands there.
        detail: { method: opts.method, url: redactUrl(opts.url).slice(0, 500) },
      }),
    );
  }
  return {
    user,
    realUser: real,
    impersonating: user.id !== real.id,
    sessionId,
    companyId: user.companyId,
    isSuperAdmin: isSuperAdmin(user.roles),
    isCompanyAdmin: isCompanyAdmin(user.roles),
  };
}
