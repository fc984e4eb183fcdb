import type { TTx } from '../../db/client';
import { auditLog } from './audit.schema';

export async function insertAuditEntry(
  tx: TTx,
  entry: { companyId: number | null; realUserId: number | null; effectiveUserId: number | null; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
