import { randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TApiKeyListQuery,
  type TApiKeyScope,
} from '@cd/contracts/api-keys';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { auditOriginOf, insertAuditEntry } from '../audit/audit.api';
import * as repo from './api-keys.repository';
import type { TApiKeyRow } from './api-keys.schema';

/** API key management (docs/public-api.md): company admins for their company, super admins for any. */

function guard(ctx: TRequestContext): void {
  // A key never manages keys, whatever its scopes (the auth step refuses it already; this holds if that changes).
  if (ctx.actor.apiKey) throw new AppError('forbidden', API_KEY_MESSAGES.notWithKey);
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only company admins manage API keys.');
}

export function toApiKeyResource(row: TApiKeyRow, now = Date.now()): TApiKey {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active';
  return {
    '@id': `/api/api_keys/${row.id}`,
    '@type': 'ApiKey',
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    prefix: `cdk_live_${row.prefix}`,
    scopes: row.scopes,
    status,
    createdAt: row.createdAt.toISOString(),
    createdByUserId: row.createdByUserId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(opts: { ctx: TRequestContext; query: TApiKeyListQuery }): Promise<TApiKey[]> {
  guard(opts.ctx);
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.query.company });
  const rows = await runInScope(opts.ctx.db, { companyId }, (tx) => repo.listApiKeys(tx, { companyId, limit: API_KEY_LIMITS.listMax }));
  return rows.map((r) => toApiKeyResource(r));
}

export async function getApiKey(opts: { ctx: TRequestContext; id: number }): Promise<TApiKey> {
  guard(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  const row = await runInScope(opts.ctx.db, scope, (tx) => repo.findApiKey(tx, { companyId, id: opts.id }));
  if (!row) throw new AppError('not_found', API_KEY_MESSAGES.notFound);
  return toApiKeyResource(row);
}

/** Sorted by the catalogue's order of areas, so equal scopes read the same in lists and the audit log. */
function normalizedScopes(scopes: TApiKeyCreate['scopes']): TApiKeyScope[] {
  return [...scopes].sort((a, b) => a.area.localeCompare(b.area)) as TApiKeyScope[];
}

export async function createApiKey(opts: { ctx: TRequestContext; body: TApiKeyCreate }): Promise<TApiKeyCreated> {
  const { ctx, body } = opts;
  guard(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw validationError([{ propertyPath: 'expiresAt', message: API_KEY_MESSAGES.expiryPast }]);
  const prefix = randomBytes(6).toString('hex');
  const secret = `cdk_live_${prefix}_${randomToken(32)}`;
  const row = await runInScope(ctx.db, { companyId }, async (tx) => {
    await repo.lockCompanyKeys(tx, companyId);
    if ((await repo.countActiveApiKeys(tx, companyId)) >= API_KEY_LIMITS.activePerCompany) throw new AppError('conflict', API_KEY_MESSAGES.activeLimit);
    const created = await repo.insertApiKey(tx, {
      companyId,
      name: body.name ?? null,
      prefix,
      secretHash: sha256(secret),
      scopes: normalizedScopes(body.scopes),
      createdByUserId: ctx.actor.user.id,
      expiresAt,
    });
    await insertAuditEntry(tx, {
      companyId,
      realUserId: ctx.actor.realUser.id,
      effectiveUserId: ctx.actor.user.id,
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: created.id,
      ...auditOriginOf(ctx),
      // Never the secret, nor its hash.
      detail: { name: created.name, prefix: `cdk_live_${created.prefix}`, scopes: created.scopes, expiresAt: created.expiresAt?.toISOString() ?? null },
    });
    return created;
  });
  return { ...toApiKeyResource(row), secret };
}

/** Revokes at once (the next request with it is 401); revoking a revoked key changes nothing. */
export async function revokeApiKey(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  guard(ctx);
  const { scope, companyId } = resolveRecordScope({ ctx });
  await runInScope(ctx.db, scope, async (tx) => {
    const row = await repo.findApiKey(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', API_KEY_MESSAGES.notFound);
    const revoked = await repo.revokeApiKey(tx, { companyId: row.companyId, id: row.id, userId: ctx.actor.user.id });
    if (!revoked) return;
    await insertAuditEntry(tx, {
      companyId: row.companyId,
      realUserId: ctx.actor.realUser.id,
      effectiveUserId: ctx.actor.user.id,
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: row.id,
      ...auditOriginOf(ctx),
      detail: { name: row.name, prefix: `cdk_live_${row.prefix}` },
    });
  });
}
