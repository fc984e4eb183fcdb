import { and, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TTx } from '../../db/client';
import { auditLog } from '../audit/audit.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';

export interface TAuditListFilter {
  companyId?: number;
  userId?: number;
  actionPrefix?: string;
  entityType?: string;
  entityId?: number;
  from?: Date;
  to?: Date;
  search?: string;
  before?: { at: Date; id?: number };
  limit: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const realUser = alias(users, 'audit_real_user');
const effectiveUser = alias(users, 'audit_effective_user');
const entityUser = alias(users, 'audit_entity_user');
const entityCompany = alias(companies, 'audit_entity_company');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/**
 * One page newest first with the names of the acting users, the company and the entity, in one statement. Rows the
 * transaction's scope cannot see (RLS) join as nulls: a company admin never reads another company's names.
 */
export async function listAuditEntries(tx: TTx, f: TAuditListFilter) {
  const where: Array<SQL | undefined> = [
    f.companyId !== undefined ? eq(auditLog.companyId, f.companyId) : undefined,
    f.userId !== undefined ? eq(auditLog.realUserId, f.userId) : undefined,
    f.actionPrefix ? ilike(auditLog.action, `${escapeLike(f.actionPrefix)}%`) : undefined,
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.entityId !== undefined ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lte(auditLog.createdAt, f.to) : undefined,
    f.search
      ? or(
          ilike(auditLog.action, `%${escapeLike(f.search)}%`),
          ilike(auditLog.ip, `%${escapeLike(f.search)}%`),
          sql`${auditLog.detail}::text ilike ${`%${escapeLike(f.search)}%`}`,
          sql`${auditLog.changes}::text ilike ${`%${escapeLike(f.search)}%`}`,
        )
      : undefined,
    f.before
      ? f.before.id !== undefined
        ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${f.before.at.toISOString()}::timestamptz, ${f.before.id})`
        : lt(auditLog.createdAt, f.before.at)
      : undefined,
  ];
  return tx
    .select({
      entry: auditLog,
      companyName: companies.name,
      realUserName: nameOf(realUser),
      realUserEmail: realUser.email,
      effectiveUserName: nameOf(effectiveUser),
      effectiveUserEmail: effectiveUser.email,
      entityUserName: nameOf(entityUser),
      entityUserEmail: entityUser.email,
      entityCompanyName: entityCompany.name,
    })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .leftJoin(realUser, eq(realUser.id, auditLog.realUserId))
    .leftJoin(effectiveUser, eq(effectiveUser.id, auditLog.effectiveUserId))
    .leftJoin(entityUser, and(eq(auditLog.entityType, 'user'), eq(entityUser.id, auditLog.entityId)))
    .leftJoin(entityCompany, and(eq(auditLog.entityType, 'company'), eq(entityCompany.id, auditLog.entityId)))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit);
}

export type TAuditListRow = Awaited<ReturnType<typeof listAuditEntries>>[number];
