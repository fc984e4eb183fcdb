/** What other modules may use of the audit log: writing an entry in the caller's transaction. */
export { insertAuditEntry } from './audit.repository';
