import type { TAuditEntry, TAuditListQuery } from '@cd/contracts/audit';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import * as repo from './audit-log.repository';

export const AUDIT_PAGE_SIZE = 50;

function personOf(id: number | null, name: string | null, email: string | null): { id: number; name: string } | null {
  if (id === null) return null;
  // A user the reader's scope cannot see (a super admin, for a company admin) still shows as who, by id.
  return { id, name: name ?? email ?? `User #${id}` };
}

function toAuditResource(r: repo.TAuditListRow): TAuditEntry {
  const e = r.entry;
  const entityLabel = e.entityType === 'user' ? (r.entityUserName ?? r.entityUserEmail) : e.entityType === 'company' ? r.entityCompanyName : null;
  return {
    '@id': `/api/audit_log/${e.id}`,
    '@type': 'AuditEntry',
    id: e.id,
    companyId: e.companyId,
    companyName: r.companyName,
    action: e.action,
    actor: personOf(e.realUserId, r.realUserName, r.realUserEmail),
    actingAs: e.effectiveUserId !== null && e.effectiveUserId !== e.realUserId ? personOf(e.effectiveUserId, r.effectiveUserName, r.effectiveUserEmail) : null,
    entityType: e.entityType,
    entityId: e.entityId,
    entityLabel: entityLabel ?? null,
    ip: e.ip,
    userAgent: e.userAgent,
    changes: e.changes ?? [],
    detail: e.detail ?? {},
    createdAt: e.createdAt.toISOString(),
  };
}

/**
 * Audit rows newest first. Super admins read every company (or the one they name) through the explicit system path;
 * company admins read their own company inside its tenant scope, and naming another company is refused (403).
 */
export async function listAuditLog(opts: { ctx: TRequestContext; query: TAuditListQuery }) {
  const { ctx, query } = opts;
  requireArea({ ctx, area: 'audit_log', message: 'Only company admins and super admins may read the audit log.' });
  let companyId = query.company;
  if (!ctx.actor.isSuperAdmin) {
    if (companyId !== undefined && companyId !== ctx.actor.companyId) throw new AppError('forbidden', 'You may read the audit log of your own company only.');
    if (ctx.actor.companyId === null) throw new AppError('forbidden', 'You may read the audit log of your own company only.');
    companyId = ctx.actor.companyId;
  }
  const before = query['createdAt[strictly_before]'];
  const scope = ctx.actor.isSuperAdmin ? { companyId: null, system: true } : { companyId: companyId! };
  const rows = await runInScope(ctx.db, scope, (tx) =>
    repo.listAuditEntries(tx, {
      companyId,
      userId: query.user,
      actionPrefix: query.action,
      entityType: query.entityType,
      entityId: query.entityId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      search: query.q,
      before: before ? { at: new Date(before), id: query['id[lt]'] } : undefined,
      limit: AUDIT_PAGE_SIZE,
    }),
  );
  const last = rows.at(-1);
  return {
    member: rows.map(toAuditResource),
    total: null,
    full: rows.length === AUDIT_PAGE_SIZE,
    last: last ? { at: last.entry.createdAt, id: last.entry.id } : null,
  };
}
