import { z } from 'zod';
import { decimalIntOf } from './ids';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';
import { ROLE_AREAS, type TRoleArea } from './role-catalogue';

/**
 * Public API keys (issue 21; docs/public-api.md): a company's keys for the same /api routes its users call, sent as
 * `Authorization: Bearer cdk_live_<prefix>_<secret>`. Each key holds scopes, one per area of the role catalogue
 * (ROLE_AREAS), `read` (GET and HEAD) or `write` (every method). Created and revoked by company admins (super admins
 * for any company); the secret is shown once.
 */

export const API_KEY_LIMITS = { name: 100, activePerCompany: 50, listMax: 200 } as const;

/** `cdk_live_` + 12 hex characters of prefix + `_` + 43 base64url characters of secret (32 random bytes). */
export const API_KEY_PATTERN = /^cdk_live_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** Anything starting like this is treated as an API key (never as a JWT). */
export const API_KEY_MARKER = 'cdk_';

export const API_KEY_MESSAGES = {
  notFound: 'API key not found.',
  invalid: 'Invalid API key.',
  revoked: 'This API key has been revoked.',
  expired: 'This API key has expired.',
  scope: 'This API key has no scope for this address.',
  readOnly: 'This API key may only read this area.',
  notWithKey: 'API keys cannot be used for this.',
  impersonation: 'API keys cannot impersonate.',
  tooMany: 'Too many invalid API keys from this address. Try again later.',
  activeLimit: `A company may hold at most ${API_KEY_LIMITS.activePerCompany} active API keys.`,
  expiryPast: 'The expiry must be in the future.',
} as const;

/** Areas a key may be scoped to: those a company admin opens (never super-admin-only areas). */
export const API_KEY_AREAS = ROLE_AREAS.filter((a) => a.roles.includes('ROLE_COMPANY_ADMIN') || a.roles.includes('ROLE_USER')).map(
  (a) => a.area,
) as TRoleArea[];

export const ZApiKeyAccessSchema = z.enum(['read', 'write']);
export type TApiKeyAccess = z.infer<typeof ZApiKeyAccessSchema>;

export const ZApiKeyScopeSchema = z.strictObject({
  area: z.string().refine((a) => (API_KEY_AREAS as string[]).includes(a), 'Not an area an API key may be scoped to.'),
  access: ZApiKeyAccessSchema,
});
export type TApiKeyScope = { area: TRoleArea; access: TApiKeyAccess };

const ZNameSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(API_KEY_LIMITS.name, `At most ${API_KEY_LIMITS.name} characters.`)
  .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');

export const ZApiKeyCreateSchema = z.strictObject({
  name: ZNameSchema.nullable().optional(),
  scopes: z
    .array(ZApiKeyScopeSchema)
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_AREAS.length)
    .refine((s) => new Set(s.map((x) => x.area)).size === s.length, 'Each area at most once.'),
  expiresAt: ZIsoDateTimeSchema.nullable().optional(),
  /** Super admins: the company the key belongs to (default: the company they work in). */
  company: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreateSchema>;

export const ZApiKeyStatusSchema = z.enum(['active', 'revoked', 'expired']);
export type TApiKeyStatus = z.infer<typeof ZApiKeyStatusSchema>;

export const ZApiKeySchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ApiKey'),
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string().nullable(),
  /** `cdk_live_<prefix>`: how the key starts, to tell keys apart (not a secret). */
  prefix: z.string(),
  scopes: z.array(z.object({ area: z.string(), access: ZApiKeyAccessSchema })),
  status: ZApiKeyStatusSchema,
  createdAt: ZIsoDateTimeSchema,
  createdByUserId: z.number().int(),
  expiresAt: ZIsoDateTimeSchema.nullable(),
  revokedAt: ZIsoDateTimeSchema.nullable(),
  lastUsedAt: ZIsoDateTimeSchema.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

/** POST /api/api_keys answers the key once with its whole secret; it is never shown again. */
export const ZApiKeyCreatedSchema = ZApiKeySchema.extend({ secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreatedSchema>;

/** GET /api/api_keys: every key of the company (newest first, at most API_KEY_LIMITS.listMax). */
export const ZApiKeyListQuerySchema = z.object({
  /** Super admins: whose keys (default: the company they work in). */
  company: decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
});
export type TApiKeyListQuery = z.infer<typeof ZApiKeyListQuerySchema>;
