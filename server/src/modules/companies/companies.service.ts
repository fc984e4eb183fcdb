import { companyTopic } from '@cd/contracts/live';
import type { TModule } from '@cd/contracts/roles';
import {
  OCS_SECRET_FIELDS,
  PAYMENT_SECRET_FIELDS,
  SECRET_MASK,
  ZHoursSchema,
  type TCompanyCreate,
  type TCompanyPatch,
} from '@cd/contracts/company';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { encryptSecret } from '../../lib/crypto';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError, violationsFromZod, type TViolation } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { iri } from '../../lib/hydra';
import { idOfRef } from '../../lib/id-ref';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { defaultCompanySettings } from './companies.defaults';
import { findModifierViolations } from './message-modifier-rules';
import * as repo from './companies.repository';
import type { TCompanyRow } from './companies.schema';
import { auditOriginOf, diffFields, insertAuditEntry } from '../audit/audit.api';
import { findMedia, findMediaRowsByRefs } from '../media/media.api';
import type { TMediaRow } from '../media/media.schema';

/**
 * Tells the company's users that its settings changed (tabs, menus and the warnings banner follow the modules and
 * texts). The event names the company and the changed fields only: every user of the company hears the topic, and
 * each client refetches what it may see (an agent must not receive channel or payment settings).
 */
function companyUpdatedEvent(opts: { id: number; changes: string[] }): TLiveEventInput {
  return {
    companyId: opts.id,
    topics: [companyTopic(opts.id)],
    event: 'updated',
    entity: 'company',
    data: { '@id': iri('companies', opts.id), '@type': 'Company', id: opts.id },
    changes: opts.changes,
  };
}

/** Reads a company the actor may see: super admins any, everyone else only their own (others look absent). */
export async function getCompany(opts: { ctx: TRequestContext; id: number }): Promise<TCompanyRow> {
  const { ctx, id } = opts;
  if (!ctx.actor.isSuperAdmin && ctx.actor.companyId !== id) throw new AppError('not_found', 'Company not found.');
  const row = await runInScope(ctx.db, { companyId: id }, (tx) => repo.findCompany(tx, id));
  if (!row) throw new AppError('not_found', 'Company not found.');
  return row;
}

/** The hero/logo media rows the given companies reference, in one query (super admins read across companies). */
export async function findCompanyImages(opts: { ctx: TRequestContext; rows: TCompanyRow[] }): Promise<TMediaRow[]> {
  const { ctx } = opts;
  const refs = opts.rows.flatMap((c) =>
    [c.heroMobileId, c.logoMobileId].filter((id): id is number => id !== null).map((id) => ({ companyId: c.id, id })),
  );
  if (!refs.length) return [];
  const scope = ctx.actor.isSuperAdmin ? { companyId: null, system: true } : { companyId: ctx.actor.companyId };
  return runInScope(ctx.db, scope, (tx) => findMediaRowsByRefs(tx, refs));
}

export async function listCompanies(opts: {
  ctx: TRequestContext;
  search?: string;
  limit: number | null;
  offset: number;
}): Promise<{ rows: TCompanyRow[]; total: number }> {
  const { ctx, ...q } = opts;
  if (ctx.actor.isSuperAdmin) {
    // Explicit cross-company path: only super admins list every tenant.
    return runInScope(ctx.db, { companyId: null, system: true }, (tx) => repo.listCompanies(tx, q));
  }
  // Everyone else sees their own company (the RLS scope alone limits the list to it).
  return runInScope(ctx.db, { companyId: ctx.actor.companyId }, (tx) => repo.listCompanies(tx, q));
}

function assertSuperAdmin(ctx: TRequestContext) {
  requireArea({ ctx, area: 'companies', message: 'Only a super admin may do this.' });
}

export async function createCompany(opts: { ctx: TRequestContext; input: TCompanyCreate }): Promise<TCompanyRow> {
  const { ctx, input } = opts;
  assertSuperAdmin(ctx);
  try {
    return await runInScope(ctx.db, { companyId: null, system: true }, async (tx) => {
      const row = await repo.insertCompany(tx, {
        name: input.name,
        slug: input.slug,
        country: input.country ?? 'US',
        timezone: input.timezone ?? 'America/New_York',
        language: input.language ?? 'en',
        email: input.email || null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        ...defaultCompanySettings(input.modules),
      });
      await insertAuditEntry(tx, {
        companyId: row.id,
        realUserId: ctx.actor.realUser.id,
        effectiveUserId: ctx.actor.user.id,
        action: 'company.create',
        entityType: 'company',
        entityId: row.id,
        ...auditOriginOf(ctx),
        detail: { name: row.name, slug: row.slug },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError([{ propertyPath: 'slug', message: 'This slug is already used by another company.' }]);
    throw err;
  }
}

const NESTED_GROUPS = [
  'customerView',
  'surveySettings',
  'realEstateSettings',
  'automotiveMessages',
  'ocs',
  'dms',
  'payment',
  'alerts',
  'appointmentsSettings',
  'hours',
  'modules',
] as const;
type TNestedGroup = (typeof NESTED_GROUPS)[number];

/** Fields only a super admin may change (spec part 2 §2, §6). */
const SUPER_ADMIN_FIELDS = ['name', 'slug', 'enabled', 'status', 'modules', 'ocs', 'availableUserRoles', 'dms'] as const;
const SUPER_ADMIN_PAYMENT_FIELDS = ['provider', 'enabled', 'appKey', 'terminals', ...PAYMENT_SECRET_FIELDS] as const;

/** Groups that exist only with a module on (the settings tabs are hidden otherwise). */
const MODULE_GATES: Partial<Record<TNestedGroup, TModule>> = {
  automotiveMessages: 'automotive',
  dms: 'automotive',
  realEstateSettings: 'realEstate',
  appointmentsSettings: 'appointments',
};

/** RFC 7396 merge of one level: keys set to null are removed. */
function mergeGroup(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function applySecrets(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
  fields: readonly string[],
  key: Buffer,
): Record<string, unknown> {
  const out = { ...patch };
  for (const f of fields) {
    const v = out[f];
    if (v === undefined) continue;
    if (typeof v === 'string' && v.startsWith(SECRET_MASK)) {
      // The client echoed the mask: keep what is stored.
      out[f] = current?.[f] ?? null;
    } else if (typeof v === 'string' && v.trim() !== '') {
      out[f] = encryptSecret(key, v.trim());
    } else {
      out[f] = null;
    }
  }
  return out;
}

function changed(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/** Whether a patch value would change what is stored; nested groups compare key by key, echoed masks are no change. */
function isFieldChange(current: unknown, incoming: unknown): boolean {
  if (typeof incoming === 'string' && incoming.startsWith(SECRET_MASK)) return false;
  if (incoming !== null && typeof incoming === 'object' && !Array.isArray(incoming)) {
    const cur = (current ?? {}) as Record<string, unknown>;
    return Object.entries(incoming).some(([k, v]) => isFieldChange(cur[k], v));
  }
  return changed(current, incoming);
}

const DEFAULT_USER_ELSEWHERE = 'The default customer user must be a user of this company.';

export async function patchCompany(opts: { ctx: TRequestContext; id: number; patch: TCompanyPatch }): Promise<TCompanyRow> {
  const { ctx, id, patch } = opts;
  const actor = ctx.actor;
  if (!actor.isSuperAdmin && actor.companyId !== id) throw new AppError('not_found', 'Company not found.');
  if (!actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change company settings.');

  try {
    return await runWithLiveEvents({ deps: ctx, scope: { companyId: id }, fn: async (tx, emit) => {
      const current = await repo.findCompany(tx, id);
      if (!current) throw new AppError('not_found', 'Company not found.');
      const values = buildCompanyUpdate({ ctx, current, patch });
      await assertCompanyImages(tx, id, patch);
      const row = await repo.updateCompany(tx, { id, values }).catch((err: unknown) => {
        // The company's only outgoing reference (companies_default_customer_user_fk: (id, user) -> users (company, id))
        // decides whether the user belongs to this company, so companies need not read the users module.
        if (isForeignKeyViolation(err)) throw validationError([{ propertyPath: 'defaultCustomerUser', message: DEFAULT_USER_ELSEWHERE }]);
        throw err;
      });
      await insertAuditEntry(tx, {
        companyId: id,
        realUserId: actor.realUser.id,
        effectiveUserId: actor.user.id,
        action: 'company.update',
        entityType: 'company',
        entityId: id,
        ...auditOriginOf(ctx),
        // Stored credentials (payment processor, DMS) are named as changed, never with their values.
        changes: diffFields({ before: current, after: row!, fields: Object.keys(patch), hidden: ['payment', 'dms'] }),
        detail: { fields: Object.keys(patch) },
      });
      emit([companyUpdatedEvent({ id, changes: Object.keys(patch) })]);
      return row!;
    } });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError([{ propertyPath: 'slug', message: 'This slug is already used by another company.' }]);
    throw err;
  }
}

const COMPANY_IMAGE_FIELDS = ['heroMobile', 'logoMobile'] as const;

/**
 * A hero/logo reference must be a media object of this company uploaded for that very field: only such uploads
 * were checked as JPEG/PNG under 5 MB, and another tenant's id simply is not found (RLS scope + company filter).
 */
async function assertCompanyImages(tx: TTx, companyId: number, patch: TCompanyPatch) {
  const violations: TViolation[] = [];
  for (const field of COMPANY_IMAGE_FIELDS) {
    const ref = patch[field];
    if (!ref) continue;
    const media = await findMedia(tx, { companyId, id: idOfRef({ ref, resource: 'media_objects', propertyPath: field }) });
    if (!media || media.entityName !== 'Company' || media.entityId !== companyId || media.entityField !== field)
      violations.push({ propertyPath: field, message: `Upload the image for ${field} of this company first.` });
  }
  if (violations.length) throw validationError(violations);
}

function buildCompanyUpdate(opts: {
  ctx: TRequestContext;
  current: TCompanyRow;
  patch: TCompanyPatch;
}): Partial<TCompanyRow> {
  const { ctx, current, patch } = opts;
  const key = ctx.config.encryptionKey;
  const superAdmin = ctx.actor.isSuperAdmin;
  const violations: TViolation[] = [];

  if (!superAdmin) {
    for (const f of SUPER_ADMIN_FIELDS) {
      if (f in patch && isFieldChange(current[f], patch[f])) throw new AppError('forbidden', `Only a super admin may change ${f}.`);
    }
    if (patch.payment !== undefined) {
      const p = patch.payment;
      const cur = (current.payment ?? {}) as Record<string, unknown>;
      if (p === null ? current.payment !== null : SUPER_ADMIN_PAYMENT_FIELDS.some((f) => f in p && isFieldChange(cur[f], p[f as keyof typeof p])))
        throw new AppError('forbidden', 'Only a super admin may change the payment provider, credentials or terminals.');
    }
  }

  const modules = { ...(current.modules as Record<string, boolean>), ...(patch.modules ?? {}) };
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if ((NESTED_GROUPS as readonly string[]).includes(field)) {
      const group = field as TNestedGroup;
      const gate = MODULE_GATES[group];
      if (gate && !modules[gate]) {
        violations.push({ propertyPath: group, message: `The ${gate} module is not enabled for this company.` });
        continue;
      }
      const cur = current[group] as Record<string, unknown> | null;
      if (value === null) {
        values[group] = null;
        continue;
      }
      let incoming = value as Record<string, unknown>;
      if (group === 'ocs') incoming = applySecrets(cur, incoming, OCS_SECRET_FIELDS, key);
      if (group === 'payment') {
        incoming = applySecrets(cur, incoming, PAYMENT_SECRET_FIELDS, key);
        if (Array.isArray(incoming.terminals)) {
          // "All" (0) stands alone: selecting it clears individual users.
          incoming.terminals = (incoming.terminals as { assignedTo: number[] }[]).map((t) => ({
            ...t,
            assignedTo: t.assignedTo.includes(0) ? [0] : t.assignedTo,
          }));
        }
      }
      values[group] = mergeGroup(cur, incoming);
    } else if (field === 'defaultCustomerUser') {
      values.defaultCustomerUserId = value === null ? null : idOfRef({ ref: value, resource: 'users', propertyPath: field });
    } else if (field === 'heroMobile' || field === 'logoMobile') {
      values[`${field}Id`] = value === null ? null : idOfRef({ ref: value, resource: 'media_objects', propertyPath: field });
    } else if (field === 'dNSZoneName') {
      values.dnsZoneName = value;
    } else if (field === 'email') {
      values.email = value === '' ? null : value;
    } else {
      values[field] = value;
    }
  }

  for (const [group, typeKey] of [
    ['dms', 'dmsType'],
    ['payment', 'provider'],
  ] as const) {
    const merged = values[group] as Record<string, unknown> | null | undefined;
    // The enabled switch exists only with a type/provider chosen (part 2 §4): without one it cannot stay on.
    if (merged && !merged[typeKey] && merged.enabled) merged.enabled = false;
  }
  if (values.ocs) {
    // Quiet hours may only narrow the 08:00–21:00 default (US carrier practice for automated messages).
    const ocs = values.ocs as { quietHoursStart?: string | null; quietHoursEnd?: string | null };
    const start = ocs.quietHoursStart ?? '08:00';
    const end = ocs.quietHoursEnd ?? '21:00';
    if (start < '08:00') violations.push({ propertyPath: 'ocs.quietHoursStart', message: 'Sending may not start before 08:00.' });
    if (end > '21:00') violations.push({ propertyPath: 'ocs.quietHoursEnd', message: 'Sending must stop by 21:00.' });
    if (start >= end) violations.push({ propertyPath: 'ocs.quietHoursEnd', message: 'The sending window must end after it starts.' });
  }
  violations.push(...findModifierViolations({ patch, merged: values }));
  if (values.hours) {
    const parsed = ZHoursSchema.safeParse(values.hours);
    if (!parsed.success) violations.push(...violationsFromZod(parsed.error, ['hours']));
  }
  const welcomeEnabled = (values.welcomeMessageEnabled ?? current.welcomeMessageEnabled) as boolean;
  const welcome = (values.welcomeMessage !== undefined ? values.welcomeMessage : current.welcomeMessage) as string | null;
  if (welcomeEnabled && !welcome?.trim())
    violations.push({ propertyPath: 'welcomeMessage', message: 'Write a welcome message before enabling it.' });
  if (violations.length) throw validationError(violations);
  return values as Partial<TCompanyRow>;
}

export async function deleteCompany(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx, id } = opts;
  assertSuperAdmin(ctx);
  const ok = await runInScope(ctx.db, { companyId: id }, (tx) => repo.deleteCompany(tx, id));
  if (!ok) throw new AppError('not_found', 'Company not found.');
  await runInScope(ctx.db, { companyId: null, system: true }, (tx) =>
    insertAuditEntry(tx, {
      companyId: null,
      realUserId: ctx.actor.realUser.id,
      effectiveUserId: ctx.actor.user.id,
      action: 'company.delete',
      entityType: 'company',
      entityId: id,
      ...auditOriginOf(ctx),
      detail: { companyId: id },
    }),
  );
}

export async function toggleModule(opts: {
  ctx: TRequestContext;
  id: number;
  module: TModule;
  toggle: boolean;
}): Promise<TCompanyRow> {
  const { ctx, id } = opts;
  assertSuperAdmin(ctx);
  return runWithLiveEvents({ deps: ctx, scope: { companyId: id }, fn: async (tx, emit) => {
    const current = await repo.findCompany(tx, id);
    if (!current) throw new AppError('not_found', 'Company not found.');
    const row = await repo.updateCompany(tx, { id, values: { modules: { ...current.modules, [opts.module]: opts.toggle } } });
    emit([companyUpdatedEvent({ id, changes: ['modules'] })]);
    return row!;
  } });
}
