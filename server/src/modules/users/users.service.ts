import { hash } from '@node-rs/argon2';
import type { TMe, TUserCreate, TUserPatch } from '@cd/contracts/user';
import { effectiveModules } from '@cd/contracts/company';
import { CHANNEL_PREFERENCE } from '../../channels/channel-preference';
import { ASSIGNABLE_ROLES, canImpersonate, isCompanyAdmin } from '@cd/contracts/roles';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { idOfRef } from '../../lib/id-ref';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { auditOriginOf, insertAuditEntry } from '../audit/audit.api';
import { findCompany } from '../companies/companies.api';
import { userCredentialsChanged } from './users.api';
import * as repo from './users.repository';
import type { TUserRow } from './users.schema';
import { afterAwayStateSaved, awayStateValues } from './away.service';
import { companyUserEvents, toUserResource, userLiveEvents } from './users.presenter';

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to Argon2id (m=19456 KiB, t=2, p=1, the OWASP baseline).
  return hash(password);
}

/**
 * A credential change (password, roles, disable) retires the user's tokens inside the change's transaction: the
 * version bump makes every outstanding access token fail, and the user's refresh families end (auth's reaction to
 * `userCredentialsChanged`). The session that changed its own credentials (real user = target, its token's `sid`)
 * keeps its family, moved to the new version; an admin changing someone else keeps theirs untouched. The caller emits the user's live event with
 * 'credentials' in `changes`, so the hub can close the user's open streams.
 */
async function retireTokens(tx: TTx, ctx: TRequestContext, row: TUserRow): Promise<TUserRow> {
  const updated = (await repo.bumpTokenVersion(tx, { companyId: row.companyId, id: row.id })) ?? row;
  const own = ctx.actor.realUser.id === row.id;
  await userCredentialsChanged.run({
    tx,
    userId: row.id,
    tokenVersion: updated.tokenVersion,
    keepFamily: own ? (ctx.actor.sessionId ?? undefined) : undefined,
  });
  return updated;
}

const EMAIL_TAKEN = [{ propertyPath: 'email', message: 'This email is already in use.' }];

/** Company whose users the actor manages; super admins name it, company admins use their own. */
function managedCompanyId(ctx: TRequestContext, requested?: number): number {
  const a = ctx.actor;
  if (a.isSuperAdmin) {
    if (requested === undefined) throw new AppError('bad_request', 'error.no_selected_company');
    return requested;
  }
  if (!a.isCompanyAdmin || a.companyId === null) throw new AppError('forbidden', 'Only a company admin may manage users.');
  if (requested !== undefined && requested !== a.companyId) throw new AppError('not_found', 'Company not found.');
  return a.companyId;
}

/** Loads a user the actor may manage, or answers 404 (another tenant's user looks absent). */
async function loadManagedUser(tx: TTx, ctx: TRequestContext, id: number): Promise<TUserRow> {
  const a = ctx.actor;
  const row = await repo.findUserById(tx, { companyId: a.isSuperAdmin ? null : a.companyId, id });
  if (!row) throw new AppError('not_found', 'User not found.');
  if (!a.isSuperAdmin) {
    if (row.companyId !== a.companyId) throw new AppError('not_found', 'User not found.');
    if (!a.isCompanyAdmin && row.id !== a.user.id) throw new AppError('forbidden', 'You may only change your own profile.');
    if (row.roles.includes('ROLE_SUPER_ADMIN')) throw new AppError('not_found', 'User not found.');
  }
  return row;
}

function scopeFor(ctx: TRequestContext) {
  // Super admins reach users of any company (and other super admins) through the explicit system path.
  return ctx.actor.isSuperAdmin ? { companyId: null, system: true } : { companyId: ctx.actor.companyId };
}

export async function getUser(opts: { ctx: TRequestContext; id: number }): Promise<TUserRow> {
  return runInScope(opts.ctx.db, scopeFor(opts.ctx), (tx) => loadManagedUser(tx, opts.ctx, opts.id));
}

export async function listUsers(opts: {
  ctx: TRequestContext;
  companyId?: number;
  search?: string;
  enabled?: boolean;
  limit: number | null;
  offset: number;
}) {
  const { ctx, ...q } = opts;
  const a = ctx.actor;
  if (!a.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may list users.');
  if (a.isSuperAdmin && q.companyId === undefined)
    return runInScope(ctx.db, { companyId: null, system: true }, (tx) => repo.listUsers(tx, { ...q, companyId: null }));
  const companyId = managedCompanyId(ctx, q.companyId);
  return runInScope(ctx.db, { companyId }, (tx) => repo.listUsers(tx, { ...q, companyId }));
}

/**
 * Enabled users of the caller's company (super admins name the company), without the caller. With `impersonable`
 * only those the real signed-in user may impersonate (the rank rules of `canImpersonate`), so the impersonation
 * dialog never offers someone the server would refuse.
 */
export async function listColleagues(opts: { ctx: TRequestContext; companyId?: number; impersonable?: boolean }) {
  const { ctx } = opts;
  const a = ctx.actor;
  let companyId = a.companyId;
  if (opts.companyId !== undefined) {
    if (!a.isSuperAdmin && opts.companyId !== a.companyId) throw new AppError('not_found', 'Company not found.');
    companyId = opts.companyId;
  }
  if (companyId === null) return [];
  const rows = await runInScope(ctx.db, { companyId }, async (tx) => {
    const { rows } = await repo.listUsers(tx, { companyId, enabled: true, excludeId: a.user.id, limit: null, offset: 0 });
    return rows;
  });
  return opts.impersonable ? rows.filter((u) => u.id !== a.realUser.id && canImpersonate(a.realUser, u)) : rows;
}

async function assertRolesAssignable(tx: TTx, companyId: number, roles: readonly string[]) {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  const allowed = new Set(['ROLE_USER', ...company.availableUserRoles]);
  const bad = roles.filter((r) => !allowed.has(r));
  if (bad.length)
    throw validationError([{ propertyPath: 'roles', message: `These roles are not available to this company: ${bad.join(', ')}.` }]);
}

function normalizeRoles(roles: readonly string[]): string[] {
  const set = new Set(['ROLE_USER', ...roles]);
  return ASSIGNABLE_ROLES.filter((r) => set.has(r));
}

export async function createUser(opts: { ctx: TRequestContext; input: TUserCreate }): Promise<TUserRow> {
  const { ctx, input } = opts;
  const companyId = managedCompanyId(ctx, input.company ? idOfRef({ ref: input.company, resource: 'companies', propertyPath: 'company' }) : undefined);
  const roles = normalizeRoles(input.roles ?? []);
  const passwordHash = await hashPassword(input.password);
  try {
    return await runWithLiveEvents({ deps: ctx, scope: { companyId }, fn: async (tx, emit) => {
      await assertRolesAssignable(tx, companyId, roles);
      const row = await repo.insertUser(tx, {
        companyId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        roles,
        enabled: input.enabled ?? true,
        mechanic: input.mechanic ?? false,
        advisor: input.advisor ?? false,
        department: input.department ?? null,
        dms: input.dms ?? {},
      });
      emit(companyUserEvents({ companyId, id: row.id, event: 'created' }));
      return row;
    } });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw validationError(EMAIL_TAKEN);
    throw err;
  }
}

const SELF_FIELDS = new Set([
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'notificationSettings',
  'awayState',
  'webPushSubscriptions',
  'theme',
  'language',
]);

export async function patchUser(opts: { ctx: TRequestContext; id: number; patch: TUserPatch }): Promise<TUserRow> {
  const { ctx, id, patch } = opts;
  const a = ctx.actor;
  // Impersonation lends someone's session, not their account: a password or email change (which would let the
  // impersonator sign in as them later) needs a real user who manages accounts.
  if (a.impersonating && !isCompanyAdmin(a.realUser.roles) && (patch.password !== undefined || patch.email !== undefined))
    throw new AppError('forbidden', 'Sign in as this user to change their password or email.');
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  try {
    const updated = await runWithLiveEvents({
      deps: ctx,
      scope: scopeFor(ctx),
      fn: async (tx, emit) => {
        const row = await loadManagedUser(tx, ctx, id);
        if (!a.isCompanyAdmin) {
          const notAllowed = Object.keys(patch).filter((k) => !SELF_FIELDS.has(k));
          if (notAllowed.length) throw new AppError('forbidden', `Only a company admin may change ${notAllowed.join(', ')}.`);
        }
        const values: Partial<TUserRow> = {};
        const { password: _pw, notificationSettings, awayState, dms, ...rest } = patch;
        Object.assign(values, rest);
        // Merge-patch: naming one DMS id must not erase the other.
        if (dms) values.dms = { ...row.dms, ...dms };
        if (passwordHash) values.passwordHash = passwordHash;
        if (notificationSettings) values.notificationSettings = { ...row.notificationSettings, ...notificationSettings };
        if (awayState) Object.assign(values, await awayStateValues(tx, { user: row, input: awayState }));
        const mechanic = values.mechanic ?? row.mechanic;
        const advisor = values.advisor ?? row.advisor;
        if (mechanic && advisor)
          throw validationError([{ propertyPath: 'advisor', message: 'A user cannot be both mechanic and advisor.' }]);
        let updated = (await repo.updateUser(tx, { companyId: row.companyId, id: row.id, values }))!;
        if (awayState) await afterAwayStateSaved(tx, { before: row, after: updated });
        // The email is the sign-in name (and where a reset link goes): changing it ends other sessions like a new password.
        const credentials = !!passwordHash || (values.email !== undefined && values.email !== row.email);
        if (credentials) updated = await retireTokens(tx, ctx, updated);
        // Field names only: the password itself never appears in an event.
        const changes = [...Object.keys(patch).filter((k) => k !== 'password'), ...(credentials ? ['credentials'] : [])];
        if (changes.length) emit([...userLiveEvents(updated, changes), ...companyUserEvents({ companyId: updated.companyId, id, event: 'updated', changes })]);
        return updated;
      },
    });
    return updated;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw validationError(EMAIL_TAKEN);
    throw err;
  }
}

export async function setUserRoles(opts: { ctx: TRequestContext; id: number; roles: string[] }): Promise<TUserRow> {
  const { ctx, id } = opts;
  const roles = normalizeRoles(opts.roles);
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change roles.');
  const result = await runWithLiveEvents({ deps: ctx, scope: scopeFor(ctx), fn: async (tx, emit) => {
    const row = await loadManagedUser(tx, ctx, id);
    if (row.companyId === null) throw new AppError('forbidden', 'Super admin roles are not managed here.');
    if (row.id === ctx.actor.user.id && row.roles.includes('ROLE_COMPANY_ADMIN') && !roles.includes('ROLE_COMPANY_ADMIN'))
      throw validationError([{ propertyPath: 'roles', message: 'You cannot remove your own company admin role.' }]);
    await assertRolesAssignable(tx, row.companyId, roles);
    emit(companyUserEvents({ companyId: row.companyId, id, event: 'updated', changes: ['roles'] }));
    const updated = (await repo.updateUser(tx, { companyId: row.companyId, id, values: { roles } }))!;
    // Tokens carry the roles they were issued with: new roles mean new tokens (unchanged roles change nothing).
    const changed = row.roles.length !== roles.length || row.roles.some((r) => !roles.includes(r));
    if (!changed) return { user: updated, changed };
    await auditUserChange(tx, ctx, { user: row, action: 'user.roles', changes: [{ field: 'roles', before: row.roles, after: roles }] });
    const retired = await retireTokens(tx, ctx, updated);
    emit(userLiveEvents(retired, ['roles', 'credentials']));
    return { user: retired, changed };
  } });
  return result.user;
}

export async function changeUserPassword(opts: { ctx: TRequestContext; id: number; password: string }): Promise<void> {
  const { ctx, id } = opts;
  // Same rule as patchUser: an impersonated session must not set a password the impersonator could sign in with.
  if (ctx.actor.impersonating && !isCompanyAdmin(ctx.actor.realUser.roles))
    throw new AppError('forbidden', 'Sign in as this user to change their password.');
  const passwordHash = await hashPassword(opts.password);
  await runWithLiveEvents({ deps: ctx, scope: scopeFor(ctx), fn: async (tx, emit) => {
    const row = await loadManagedUser(tx, ctx, id);
    await repo.updateUser(tx, { companyId: row.companyId, id, values: { passwordHash } });
    emit(userLiveEvents(await retireTokens(tx, ctx, row), ['credentials']));
  } });
}

export async function setUserEnabled(opts: { ctx: TRequestContext; id: number; enabled: boolean }): Promise<TUserRow> {
  const { ctx, id, enabled } = opts;
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may enable or disable users.');
  const row = await runWithLiveEvents({ deps: ctx, scope: scopeFor(ctx), fn: async (tx, emit) => {
    const row = await loadManagedUser(tx, ctx, id);
    if (row.id === ctx.actor.realUser.id && !enabled)
      throw validationError([{ propertyPath: 'enabled', message: 'You cannot disable yourself.' }]);
    emit(companyUserEvents({ companyId: row.companyId, id, event: 'updated', changes: ['enabled'] }));
    const updated = (await repo.updateUser(tx, { companyId: row.companyId, id, values: { enabled } }))!;
    if (row.enabled !== enabled)
      await auditUserChange(tx, ctx, { user: row, action: enabled ? 'user.enable' : 'user.disable', changes: [{ field: 'enabled', before: row.enabled, after: enabled }] });
    if (enabled) return updated;
    // A disabled user loses every session at once (the per-request check refuses them too; the version bump makes
    // it stick if they are enabled again).
    const retired = await retireTokens(tx, ctx, updated);
    emit(userLiveEvents(retired, ['enabled', 'credentials']));
    return retired;
  } });
  return row;
}

export async function deleteUserWithTransfer(opts: { ctx: TRequestContext; id: number; transferTo: number }): Promise<void> {
  const { ctx, id, transferTo } = opts;
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may delete users.');
  if (transferTo === id)
    throw validationError([{ propertyPath: 'transferTo', message: 'Choose another user to receive the customers.' }]);
  await runWithLiveEvents({ deps: ctx, scope: scopeFor(ctx), fn: async (tx, emit) => {
    const row = await loadManagedUser(tx, ctx, id);
    if (row.companyId === null) throw new AppError('forbidden', 'Super admins cannot be deleted here.');
    if (row.id === ctx.actor.realUser.id) throw validationError([{ propertyPath: 'id', message: 'You cannot delete yourself.' }]);
    const [target] = await repo.findUsersByIds(tx, { companyId: row.companyId, ids: [transferTo] });
    if (!target)
      throw validationError([{ propertyPath: 'transferTo', message: 'The receiving user must belong to the same company.' }]);
    // A disabled user cannot sign in, so customers handed to them would go unanswered.
    if (!target.enabled) throw validationError([{ propertyPath: 'transferTo', message: 'The receiving user must be enabled.' }]);
    // Owned records (customers, conversations) are reassigned to `target` by their modules' transfer hooks
    // as those modules arrive; the foundation owns none yet.
    for (const transfer of userTransferHooks) await transfer(tx, { companyId: row.companyId, fromUserId: id, toUserId: transferTo });
    await repo.deleteUser(tx, { companyId: row.companyId, id });
    // The row is gone: the entry keeps who it was.
    await auditUserChange(tx, ctx, { user: row, action: 'user.delete', changes: [], detail: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, transferTo } });
    // Their refresh tokens go with the row (foreign key cascade) and access tokens fail without a user; the
    // event lets the hub close their open streams.
    emit([...userLiveEvents(row, ['credentials']), ...companyUserEvents({ companyId: row.companyId, id, event: 'removed' })]);
  } });
}

/** An audit row about a managed user (issue 20 audit log), in the change's transaction. */
async function auditUserChange(
  tx: TTx,
  ctx: TRequestContext,
  opts: { user: TUserRow; action: string; changes: Array<{ field: string; before: unknown; after: unknown }>; detail?: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(tx, {
    companyId: opts.user.companyId,
    realUserId: ctx.actor.realUser.id,
    effectiveUserId: ctx.actor.user.id,
    action: opts.action,
    entityType: 'user',
    entityId: opts.user.id,
    ...auditOriginOf(ctx),
    changes: opts.changes,
    detail: opts.detail ?? {},
  });
}

export type TUserTransferHook = (tx: TTx, opts: { companyId: number; fromUserId: number; toUserId: number }) => Promise<void>;
/** Modules that own per-user records register here so deleting a user hands them over in the same transaction. */
export const userTransferHooks: TUserTransferHook[] = [];

/** GET /api/me: the effective user, the shell's view of their company, and the real user while impersonating. */
export async function getMe(opts: { ctx: TRequestContext }): Promise<TMe> {
  const { ctx } = opts;
  const { user, realUser, impersonating } = ctx.actor;
  const ids = [...new Set([user.companyId, impersonating ? realUser.companyId : null].filter((x): x is number => x !== null))];
  const companies = ids.length
    ? await runInScope(ctx.db, { companyId: null, system: true }, async (tx) =>
        Promise.all(ids.map((id) => findCompany(tx, id))),
      )
    : [];
  const byId = new Map(companies.filter((c) => c).map((c) => [c!.id, c!]));
  const company = user.companyId === null ? undefined : byId.get(user.companyId);
  const ocs = (company?.ocs ?? {}) as { twilioPhoneNumber?: string | null; safeMode?: boolean };
  return {
    ...toUserResource(user),
    companyData: company
      ? {
          id: company.id,
          name: company.name,
          slug: company.slug,
          phone: company.phone,
          enabled: company.enabled,
          mainLogo: null,
          welcomeMessage: company.welcomeMessage,
          modules: company.modules,
          automotiveMessages: {
            vehicleReady: (company.automotiveMessages.vehicleReady as string | undefined) ?? null,
            repairOrderStatusUrl: (company.automotiveMessages.repairOrderStatusUrl as string | undefined) ?? null,
          },
          surveySettings: { text: (company.surveySettings.text as string | undefined) ?? null },
          ocs: { twilioPhoneNumber: ocs.twilioPhoneNumber ?? null, safeMode: ocs.safeMode ?? false },
          channels: CHANNEL_PREFERENCE.filter((c) => ctx.channels[c]?.isAvailable(company)),
        }
      : null,
    modules: effectiveModules({ roles: user.roles, companyModules: company ? company.modules : null }),
    impersonator: impersonating
      ? {
          id: realUser.id,
          email: realUser.email,
          firstName: realUser.firstName,
          lastName: realUser.lastName,
          roles: realUser.roles,
          companyName: realUser.companyId === null ? null : (byId.get(realUser.companyId)?.name ?? null),
        }
      : null,
  };
}

/** Roles the actor may hand out in their company (super admins without a company: every assignable role). */
export async function listAssignableRoles(opts: { ctx: TRequestContext }): Promise<string[]> {
  const { ctx } = opts;
  if (ctx.actor.companyId === null) return [...ASSIGNABLE_ROLES];
  const company = await runInScope(ctx.db, { companyId: ctx.actor.companyId }, (tx) => findCompany(tx, ctx.actor.companyId!));
  return ['ROLE_USER', ...(company?.availableUserRoles ?? [])];
}
