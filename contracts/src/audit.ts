import { z } from 'zod';
import { ZIdStringSchema } from './ids';
import { searchTextOf } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * The audit log screen (issue 20): who did what to which entity, when, from where, and the before/after of the
 * changed fields. Super admins see every company; company admins only their own company's rows.
 */

export const ZAuditListQuerySchema = z.strictObject({
  /** Super admins only; company admins are always scoped to their company. */
  company: ZIdStringSchema.optional(),
  /** Acting user id (the real user, also under impersonation). */
  user: ZIdStringSchema.optional(),
  /** Action prefix (`impersonation`, `user.`, `company.`…). */
  action: z
    .string()
    .max(80)
    .regex(/^[a-z0-9_.:-]*$/, 'Unknown action.')
    .optional(),
  entityType: z
    .string()
    .max(40)
    .regex(/^[a-z0-9_]*$/, 'Unknown entity type.')
    .optional(),
  entityId: ZIdStringSchema.optional(),
  from: ZIsoDateTimeSchema.optional(),
  to: ZIsoDateTimeSchema.optional(),
  q: searchTextOf({ max: 200 }).optional(),
  'createdAt[strictly_before]': ZIsoDateTimeSchema.optional(),
  'id[lt]': ZIdStringSchema.optional(),
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuerySchema>;

export const ZAuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** GET /api/audit_log (keyset pages of 50, newest first). */
export const ZAuditEntrySchema = z.object({
  '@id': z.string(),
  '@type': z.literal('AuditEntry'),
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  action: z.string(),
  /** The real user (the impersonator when impersonating) and the user they acted as. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  actingAs: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  /** A readable label of the entity when it can be named ("User Jane Doe"). */
  entityLabel: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  changes: z.array(ZAuditChangeSchema),
  /** The rest of the stored detail, for anything the fields above do not cover. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: ZIsoDateTimeSchema,
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;
