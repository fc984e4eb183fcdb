import type { TTx } from '../../db/client';
import { auditLog, type TAuditChange } from './audit.schema';

export interface TAuditEntryInput {
  companyId: number | null;
  realUserId: number | null;
  effectiveUserId: number | null;
  action: string;
  detail: Record<string, unknown>;
  entityType?: string | null;
  entityId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  changes?: TAuditChange[];
}

export async function insertAuditEntry(tx: TTx, entry: TAuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, changes: entry.changes ?? [] });
}
