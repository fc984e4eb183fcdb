import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUTH_MESSAGES, type TTokenPair } from '@cd/contracts/auth';
import { canImpersonate, isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import type { TActor, TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, AuthError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repository';
import { findAuthUsers, findUserByEmail, updateUser } from '../users/users.repository';
import type { TUserRow } from '../users/users.schema';
import * as repo from './auth.repository';

const SYSTEM = { companyId: null, system: true } as const;
// Verifying against a fixed hash when the email is unknown keeps response time from revealing accounts.
const DUMMY_HASH = hash('not-a-real-password-0');

async function issueTokens(deps: TAppDeps, user: TUserRow, family: string = randomUUID()): Promise<TTokenPair> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ username: user.email, roles: user.roles, cid: user.companyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + deps.config.accessTokenTtl)
    .sign(deps.config.jwtSecret);
  const refresh = randomToken(32);
  await runInScope(deps.db, SYSTEM, (tx) =>
    repo.insertRefreshToken(tx, {
      userId: user.id,
      family,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + deps.config.refreshTokenTtl * 1000),
    }),
  );
  return { token, refresh_token: refresh };
}

function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', 'Too many sign-in attempts. Try again later.', undefined, {
    'retry-after': String(retryAfter),
  });
}

export async function login(opts: { deps: TAppDeps; email: string; password: string; ip: string }): Promise<TTokenPair> {
  const { deps, password, ip } = opts;
  const email = opts.email.trim().toLowerCase();
  const { perAccount, perIp } = deps.loginLimiter;
  const ipKey = `ip:${ip}`;
  if (perIp.add(ipKey) > deps.config.loginMaxAttemptsPerIp) throw rateLimited(perIp.retryAfterSeconds(ipKey));
  const accountKey = `acct:${email}`;
  if (perAccount.count(accountKey) >= deps.config.loginMaxFailuresPerAccount)
    throw rateLimited(perAccount.retryAfterSeconds(accountKey));

  const user = await runInScope(deps.db, SYSTEM, (tx) => findUserByEmail(tx, email));
  const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
  if (!user || !ok || !user.enabled || user.companyEnabled === false) {
    perAccount.add(accountKey);
    throw new AuthError(AUTH_MESSAGES.invalidCredentials);
  }
  perAccount.clear(accountKey);
  return issueTokens(deps, user);
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
    if (!user || !user.enabled || user.companyEnabled === false) {
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
  const ipKey = `reset:${ip}`;
  if (deps.loginLimiter.perIp.add(ipKey) > deps.config.loginMaxAttemptsPerIp)
    throw rateLimited(deps.loginLimiter.perIp.retryAfterSeconds(ipKey));
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
  const ok = await runInScope(deps.db, SYSTEM, async (tx) => {
    const row = await repo.findValidResetToken(tx, sha256(opts.token));
    if (!row || !(await repo.markResetTokenUsed(tx, row.id))) return false;
    await updateUser(tx, { companyId: null, id: row.userId, values: { passwordHash } });
    // A new password ends every other session of the account.
    await repo.revokeUserSessions(tx, row.userId);
    return true;
  });
  if (!ok) throw new AppError('not_found', 'This reset link is invalid or has expired.');
}

/** Resolves the bearer token (and optional impersonation) into the request's actor; throws the spec's 401s. */
export async function authenticate(opts: {
  deps: TAppDeps;
  authorization: string | undefined;
  impersonate: string | undefined;
  method: string;
  url: string;
}): Promise<TActor> {
  const { deps } = opts;
  const m = opts.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!m) throw new AuthError(AUTH_MESSAGES.notFound);
  let userId: number;
  try {
    const { payload } = await jwtVerify(m[1]!, deps.config.jwtSecret, { algorithms: ['HS256'] });
    userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) throw new AuthError(AUTH_MESSAGES.invalid);
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AuthError(AUTH_MESSAGES.expired);
    throw new AuthError(AUTH_MESSAGES.invalid);
  }
  const impersonate = opts.impersonate?.trim().toLowerCase() || undefined;
  const rows = await runInScope(deps.db, SYSTEM, (tx) => findAuthUsers(tx, { id: userId, impersonateEmail: impersonate }));
  const real = rows.find((r) => r.id === userId);
  // A disabled account (or company) loses its sessions at once, even with an unexpired access token.
  if (!real || !real.enabled || real.companyEnabled === false) throw new AuthError(AUTH_MESSAGES.exception);

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
        detail: { method: opts.method, url: opts.url.slice(0, 500) },
      }),
    );
  }
  return {
    user,
    realUser: real,
    impersonating: user.id !== real.id,
    companyId: user.companyId,
    isSuperAdmin: isSuperAdmin(user.roles),
    isCompanyAdmin: isCompanyAdmin(user.roles),
  };
}
