import { timingSafeEqual } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@cd/contracts/api-keys';
import { isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import type { TActor, TAppDeps } from '../../context';
import { runInScope, type TDatabase } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { AppError, AuthError } from '../../lib/errors';
import { findAuthUsersByIds, type TUserRow } from '../users/users.api';
import * as repo from './api-keys.repository';
import { scopeVerdict } from './api-keys.scopes';
import type { TBadKeyLimiter } from './bad-key-counter';

const SYSTEM = { companyId: null, system: true } as const;
/** The roles a key acts with: a company admin of its company, narrowed by its scopes before any route runs. */
const KEY_ROLES = ['ROLE_USER', 'ROLE_COMPANY_ADMIN'];
const LAST_USED_EVERY_MS = 60_000;
/** Compared against when no key has the prefix, so an unknown prefix costs the same as a wrong secret. */
const DUMMY_HASH = Buffer.alloc(32);

const lastWrites = new WeakMap<TDatabase, Map<number, number>>();

/** A 401 in the shape of every other 401 (`{ code, message }`, spec part 1 §8), with the key's own message. */
class ApiKeyAuthError extends AuthError {
  constructor(message: string) {
    super(message as ConstructorParameters<typeof AuthError>[0]);
  }
}
const unauthorized = (message: string) => new ApiKeyAuthError(message);

const throttled = (retry: number) => new AppError('rate_limited', API_KEY_MESSAGES.tooMany, undefined, { 'retry-after': String(retry) });

/** Does the key's creator still act for the key's company (enabled, and its admin or a super admin)? */
function creatorActs(creator: TUserRow | undefined, companyId: number): creator is TUserRow {
  if (!creator || !creator.enabled) return false;
  return isSuperAdmin(creator.roles) || (isCompanyAdmin(creator.roles) && creator.companyId === companyId);
}

/**
 * Resolves `Authorization: Bearer cdk_live_…` into the actor of the key's company (docs/public-api.md): 429 once the
 * address presented too many bad keys, 401 for a bad, revoked or expired key, 403 for a route outside its scopes.
 */
export async function authenticateApiKey(opts: {
  deps: TAppDeps;
  /** Bad keys per address, shared by the API processes when Redis is configured (bad-key-counter.ts). */
  badKeys: TBadKeyLimiter;
  token: string;
  impersonate: string | undefined;
  method: string;
  routeUrl: string;
  ip: string;
}): Promise<TActor> {
  const { deps } = opts;
  const waitBefore = await opts.badKeys.retryAfterSeconds(opts.ip);
  if (waitBefore) throw throttled(waitBefore);
  const parsed = API_KEY_PATTERN.exec(opts.token);
  const found = parsed
    ? await runInScope(deps.db, SYSTEM, async (tx) => {
        const key = await repo.findApiKeyForAuth(tx, parsed[1]!);
        const [creator] = key ? await findAuthUsersByIds(tx, { ids: [key.createdByUserId] }) : [];
        return key ? { key, creator } : null;
      })
    : null;
  const given = Buffer.from(sha256(opts.token), 'hex');
  const stored = found ? Buffer.from(found.key.secretHash, 'hex') : DUMMY_HASH;
  const matches = stored.length === given.length && timingSafeEqual(stored, given) && found !== null;
  if (!matches || !found) {
    // Counting and judging are one atomic step, so parallel guesses get exactly the allowance of 401s.
    const wait = await opts.badKeys.fail(opts.ip);
    throw wait ? throttled(wait) : unauthorized(API_KEY_MESSAGES.invalid);
  }
  const { key, creator } = found;
  if (key.revokedAt) throw unauthorized(API_KEY_MESSAGES.revoked);
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthorized(API_KEY_MESSAGES.expired);
  if (!key.companyEnabled || !creatorActs(creator, key.companyId)) throw unauthorized(API_KEY_MESSAGES.invalid);
  if (opts.impersonate) throw new AppError('forbidden', API_KEY_MESSAGES.impersonation);
  const verdict = scopeVerdict({ routeUrl: opts.routeUrl, method: opts.method, scopes: key.scopes });
  if (verdict !== 'allowed') throw new AppError('forbidden', verdict === 'scope' ? API_KEY_MESSAGES.scope : API_KEY_MESSAGES.readOnly);
  await noteUse(deps, key);
  const user: TUserRow = { ...creator, companyId: key.companyId, roles: KEY_ROLES };
  return {
    user,
    realUser: user,
    impersonating: false,
    sessionId: null,
    companyId: key.companyId,
    isSuperAdmin: false,
    isCompanyAdmin: true,
    apiKey: { id: key.id, companyId: key.companyId, scopes: key.scopes },
  };
}

/** Last use, at most once a minute per key and process (the statement itself skips a fresh value from another). */
async function noteUse(deps: TAppDeps, key: { id: number; companyId: number }): Promise<void> {
  let writes = lastWrites.get(deps.db);
  if (!writes) lastWrites.set(deps.db, (writes = new Map()));
  const now = Date.now();
  if (now - (writes.get(key.id) ?? 0) < LAST_USED_EVERY_MS) return;
  writes.set(key.id, now);
  await runInScope(deps.db, { companyId: key.companyId }, (tx) => repo.touchApiKey(tx, key));
}
