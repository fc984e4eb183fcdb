/** What other modules may use of the audit log: writing an entry in the caller's transaction, and its helpers. */
export { insertAuditEntry, type TAuditEntryInput } from './audit.repository';
export { auditOriginOf, diffFields } from './audit-diff';
