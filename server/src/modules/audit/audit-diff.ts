import type { TAuditChange } from './audit.schema';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Shown instead of the values of a field that holds credentials: the log says it changed, never to what. */
export const AUDIT_HIDDEN_VALUE = '[hidden]';

/**
 * The fields of `fields` whose value differs between `before` and `after`, for the audit log's before/after.
 * `hidden` fields (credentials) are listed as changed with their values withheld.
 */
export function diffFields<T extends object>(opts: { before: T; after: T; fields: readonly string[]; hidden?: readonly string[] }): TAuditChange[] {
  const b = opts.before as Record<string, unknown>;
  const a = opts.after as Record<string, unknown>;
  return opts.fields
    .filter((f) => !same(b[f], a[f]))
    .map((f) =>
      opts.hidden?.includes(f) ? { field: f, before: AUDIT_HIDDEN_VALUE, after: AUDIT_HIDDEN_VALUE } : { field: f, before: b[f] ?? null, after: a[f] ?? null },
    );
}

/** Where the request came from, for an audit entry (absent outside HTTP requests). */
export function auditOriginOf(ctx: { origin?: { ip: string; userAgent: string | null } }): { ip: string | null; userAgent: string | null } {
  return { ip: ctx.origin?.ip ?? null, userAgent: ctx.origin?.userAgent ?? null };
}
