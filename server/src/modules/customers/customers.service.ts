import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import { customerDisplayName, type TCustomerCreate, type TCustomerMergePreview, type TCustomerPatch } from '@cd/contracts/customer';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { idOfRef } from '../../lib/id-ref';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findUsersByIds } from '../users/users.api';
import { userTransferHooks } from '../users/users.service';
import * as repo from './customers.repository';
import type { TCustomerRow } from './customers.schema';
import { mergeCustomerValues, mergeFieldPreview } from './customers.merge';
import { toCustomerResource } from './customers.presenter';

const PHONE_TAKEN = [{ propertyPath: 'phone', message: 'A customer with this phone number already exists.' }];

/** Company admins see every customer of their company; other users only those they own (spec part 1 §6). */
export function customerScopeOf(ctx: TRequestContext): repo.TCustomerScope {
  const { actor } = ctx;
  if (actor.companyId === null) throw new AppError('bad_request', 'error.no_selected_company');
  return { companyId: actor.companyId, ownerId: actor.isCompanyAdmin ? null : actor.user.id };
}

/** Who hears about a customer: the company's admins and the owning user. */
export function customerTopics(c: { companyId: number; userId: number | null }): string[] {
  return c.userId === null ? [companyAdminsTopic(c.companyId)] : [companyAdminsTopic(c.companyId), userTopic(c.userId)];
}

export function customerEvent(
  c: TCustomerRow,
  event: TLiveEventInput['event'],
  opts: { changes?: string[]; action?: string; data?: unknown } = {},
): TLiveEventInput {
  return {
    companyId: c.companyId,
    topics: customerTopics(c),
    event,
    entity: 'customer',
    action: opts.action ?? null,
    // Read state is per viewer: clients refetch it on read_state_update triggers rather than trust this copy.
    data: opts.data ?? toCustomerResource(c, { viewerId: 0, readStates: [] }),
    changes: opts.changes ?? null,
  };
}

async function loadVisible(tx: TTx, scope: repo.TCustomerScope, id: number): Promise<TCustomerRow> {
  const row = await repo.findCustomer(tx, { ...scope, id });
  if (!row) throw new AppError('not_found', 'Customer not found.');
  return row;
}

async function present(tx: TTx, ctx: TRequestContext, row: TCustomerRow) {
  const readStates = await repo.listReadStates(tx, { companyId: row.companyId, customerIds: [row.id] });
  const repairOrders = (await repo.listCustomerRepairOrders(tx, { companyId: row.companyId, customerIds: [row.id] })).get(row.id);
  const reminderIds = (await repo.listCustomerReminderIds(tx, { companyId: row.companyId, customerIds: [row.id], viewerId: ctx.actor.user.id })).get(row.id);
  return toCustomerResource(row, { viewerId: ctx.actor.user.id, readStates, repairOrders, reminderIds });
}

function withCustomerTx<T>(ctx: TRequestContext, fn: (tx: TTx, emit: (e: TLiveEventInput[]) => void) => Promise<T>): Promise<T> {
  return runWithLiveEvents({ deps: ctx, scope: { companyId: customerScopeOf(ctx).companyId }, fn });
}

export interface TListCustomersOptions {
  ctx: TRequestContext;
  archived: boolean;
  search?: string;
  userId?: number;
  unread?: boolean;
  tags?: string[];
  span?: string;
  limit: number;
  before?: { bumpedAt: Date; id: number };
  /** Count every matching row instead of stopping at the cap (first page only). */
  exactTotal?: boolean;
}

function spanStart(span: string, now = new Date()): Date {
  const d = new Date(now);
  if (span === 'last_hour') return new Date(now.getTime() - 3600_000);
  d.setUTCHours(0, 0, 0, 0);
  if (span === 'this_week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (span === 'this_month') d.setUTCDate(1);
  return d;
}

export async function listCustomers(opts: TListCustomersOptions) {
  const { ctx } = opts;
  const scope = customerScopeOf(ctx);
  // Spec part 1 §5: searching drops the user and conversation filters.
  const searching = !!opts.search;
  const span = searching ? undefined : opts.span;
  const now = new Date();
  return runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    const page = await repo.listInbox(tx, {
      ...scope,
      viewerId: ctx.actor.user.id,
      archived: opts.archived,
      search: opts.search,
      userId: searching ? undefined : opts.userId,
      unread: opts.unread,
      tags: opts.tags,
      since: span && span !== 'next_2_hours' ? spanStart(span, now) : undefined,
      scheduledWithin: span === 'next_2_hours' ? { from: now, to: new Date(now.getTime() + 2 * 3600_000) } : undefined,
      limit: opts.limit,
      before: opts.before,
      exactTotal: opts.exactTotal,
    });
    const member = page.rows.map((row) =>
      toCustomerResource(row, {
        viewerId: ctx.actor.user.id,
        readStates: page.readStates.filter((r) => r.customerId === row.id),
        repairOrders: page.repairOrders.get(row.id),
        reminderIds: page.reminders.get(row.id),
      }),
    );
    const last = page.rows.at(-1);
    return { member, total: page.total, hasMore: page.rows.length === opts.limit, last };
  });
}

export async function listUnreadCustomers(opts: { ctx: TRequestContext; limit: number; before?: { bumpedAt: Date; id: number } }) {
  return listCustomers({ ctx: opts.ctx, archived: false, unread: true, limit: opts.limit, before: opts.before });
}

export async function getCustomer(opts: { ctx: TRequestContext; id: number }) {
  const scope = customerScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => present(tx, opts.ctx, await loadVisible(tx, scope, opts.id)));
}

async function resolveOwner(tx: TTx, ctx: TRequestContext, companyId: number, ref: string | null | undefined): Promise<number | null> {
  if (!ctx.actor.isCompanyAdmin) return ctx.actor.user.id;
  if (ref === undefined) return null;
  if (ref === null) return null;
  const id = idOfRef({ ref, resource: 'users', propertyPath: 'user' });
  const [u] = await findUsersByIds(tx, { companyId, ids: [id] });
  if (!u) throw validationError([{ propertyPath: 'user', message: 'The owner must be a user of this company.' }]);
  return id;
}

export async function createCustomer(opts: { ctx: TRequestContext; input: TCustomerCreate }) {
  const { ctx, input } = opts;
  try {
    return await withCustomerTx(ctx, async (tx, emit) => {
      const companyId = ctx.actor.companyId!;
      const userId = await resolveOwner(tx, ctx, companyId, input.user);
      const now = new Date();
      const row = await repo.insertCustomer(tx, {
        companyId,
        userId,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        phone: input.phone,
        email: input.email || null,
        address: input.address ?? {},
        notes: input.notes ?? null,
        preferredBrand: input.preferredBrand ?? null,
        preferredChannel: input.preferredChannel ?? null,
        primaryContact: input.primaryContact ?? null,
        alternateContact: input.alternateContact ?? null,
        tags: [...new Set(input.tags ?? [])],
        timezone: input.timezone ?? null,
        bumpedAt: now,
      });
      emit([customerEvent(row, 'created')]);
      return present(tx, ctx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_phone_key')) throw validationError(PHONE_TAKEN);
    throw err;
  }
}

export async function patchCustomer(opts: { ctx: TRequestContext; id: number; patch: TCustomerPatch }) {
  const { ctx, id, patch } = opts;
  try {
    return await withCustomerTx(ctx, async (tx, emit) => {
      const scope = customerScopeOf(ctx);
      const current = await loadVisible(tx, scope, id);
      const values: Partial<TCustomerRow> = {};
      const { user, address, optOut, email, tags, ...rest } = patch;
      Object.assign(values, rest);
      if (email !== undefined) values.email = email || null;
      if (tags !== undefined) values.tags = [...new Set(tags)];
      if (address !== undefined) values.address = { ...current.address, ...address };
      if (user !== undefined) {
        if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change the owner.');
        values.userId = await resolveOwner(tx, ctx, scope.companyId, user);
      }
      if (optOut !== undefined && optOut !== current.optOut) {
        values.optOut = optOut;
        values.optedOutAt = optOut ? new Date() : null;
        await repo.insertConsentEvent(tx, {
          companyId: scope.companyId,
          customerId: id,
          kind: optOut ? 'opt_out' : 'opt_in',
          source: 'agent',
          detail: { userId: ctx.actor.user.id, realUserId: ctx.actor.realUser.id },
        });
      }
      const row = (await repo.updateCustomer(tx, { companyId: scope.companyId, id, values }))!;
      // An owner change must reach the previous owner too (the customer leaves their list).
      const event = customerEvent(row, 'updated', { changes: Object.keys(patch) });
      if (current.userId !== null && current.userId !== row.userId) event.topics.push(userTopic(current.userId));
      emit([event]);
      return present(tx, ctx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_phone_key')) throw validationError(PHONE_TAKEN);
    throw err;
  }
}

function readTrigger(row: TCustomerRow, userId: number): TLiveEventInput {
  // Only the reader's own sessions need to refetch their unread count.
  return { ...customerEvent(row, 'trigger', { action: 'read_state_update', data: { id: row.id } }), topics: [userTopic(userId)] };
}

export async function setCustomerRead(opts: { ctx: TRequestContext; id: number; read: boolean }) {
  const { ctx, id, read } = opts;
  return withCustomerTx(ctx, async (tx, emit) => {
    const scope = customerScopeOf(ctx);
    const row = await loadVisible(tx, scope, id);
    const key = { companyId: scope.companyId, customerId: id, userId: ctx.actor.user.id };
    if (read) await repo.upsertReadState(tx, key);
    else await repo.deleteReadState(tx, key);
    emit([readTrigger(row, ctx.actor.user.id)]);
    return present(tx, ctx, row);
  });
}

export async function markAllCustomersRead(opts: { ctx: TRequestContext }): Promise<void> {
  const { ctx } = opts;
  await withCustomerTx(ctx, async (tx, emit) => {
    const scope = customerScopeOf(ctx);
    await repo.markAllRead(tx, { ...scope, viewerId: ctx.actor.user.id });
    emit([
      {
        companyId: scope.companyId,
        topics: [userTopic(ctx.actor.user.id)],
        event: 'trigger',
        entity: 'customer',
        action: 'read_state_update',
        data: { all: true },
      },
    ]);
  });
}

/** Past this many unread conversations the badge says "99+" and the count stops. */
export const UNREAD_COUNT_CAP = 100;

export async function countUnreadCustomers(opts: { ctx: TRequestContext }): Promise<{ unread: number; capped?: true }> {
  const scope = customerScopeOf(opts.ctx);
  const n = await runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) =>
    repo.countUnread(tx, { ...scope, viewerId: opts.ctx.actor.user.id, cap: UNREAD_COUNT_CAP }),
  );
  return 'exact' in n ? { unread: n.exact } : { unread: n.atLeast, capped: true };
}

export async function setCustomerArchived(opts: { ctx: TRequestContext; id: number; archived: boolean }) {
  const { ctx, id, archived } = opts;
  return withCustomerTx(ctx, async (tx, emit) => {
    const scope = customerScopeOf(ctx);
    const current = await loadVisible(tx, scope, id);
    if (current.archived === archived) throw new AppError('not_found', archived ? 'Customer not found.' : 'Archived customer not found.');
    const row = (await repo.updateCustomer(tx, { companyId: scope.companyId, id, values: { archived } }))!;
    emit([customerEvent(row, 'updated', { changes: ['archived'] })]);
    return present(tx, ctx, row);
  });
}

export async function mergeCustomers(opts: { ctx: TRequestContext; id: number; sourceId: number }) {
  const { ctx, id, sourceId } = opts;
  if (id === sourceId) throw validationError([{ propertyPath: 'source', message: 'A customer cannot be merged into itself.' }]);
  return withCustomerTx(ctx, async (tx, emit) => {
    const scope = customerScopeOf(ctx);
    await repo.lockCustomers(tx, { companyId: scope.companyId, ids: [id, sourceId] });
    const { kept: target, duplicate: source } = await loadMergePair(tx, scope, { id, duplicateId: sourceId, propertyPath: 'source' });
    await repo.moveCustomerData(tx, { companyId: scope.companyId, fromId: sourceId, toId: id });
    // The duplicate goes first: its phone or Viber id may move to the kept customer (both are unique).
    await repo.deleteCustomer(tx, { companyId: scope.companyId, id: sourceId });
    const row = (await repo.updateCustomer(tx, { companyId: scope.companyId, id, values: mergeCustomerValues(target, source) }))!;
    emit([
      customerEvent(source, 'removed', { data: { id: sourceId, '@id': `/api/customers/${sourceId}`, mergedInto: id } }),
      customerEvent(row, 'updated', { changes: ['merged'] }),
    ]);
    return present(tx, ctx, row);
  });
}

/**
 * Merges `duplicateId` into `keptId` in the caller's transaction, by the same rules as a staff merge (no visibility
 * check: the caller vouches for both, e.g. the website chat's phone hand-over). Returns both rows for the live events.
 */
export async function absorbCustomerInTx(
  tx: TTx,
  opts: { companyId: number; keptId: number; duplicateId: number },
): Promise<{ kept: TCustomerRow; removed: TCustomerRow }> {
  const { companyId, keptId, duplicateId } = opts;
  await repo.lockCustomers(tx, { companyId, ids: [keptId, duplicateId] });
  const kept = await repo.findCustomer(tx, { companyId, ownerId: null, id: keptId });
  const removed = await repo.findCustomer(tx, { companyId, ownerId: null, id: duplicateId });
  if (!kept || !removed) throw new AppError('not_found', 'Customer not found.');
  await repo.moveCustomerData(tx, { companyId, fromId: duplicateId, toId: keptId });
  await repo.deleteCustomer(tx, { companyId, id: duplicateId });
  const row = (await repo.updateCustomer(tx, { companyId, id: keptId, values: mergeCustomerValues(kept, removed) }))!;
  return { kept: row, removed };
}

/** What merging `duplicateId` into `id` would move and which values would win; changes nothing. */
export async function previewCustomerMerge(opts: { ctx: TRequestContext; id: number; duplicateId: number }): Promise<TCustomerMergePreview> {
  const { ctx, id, duplicateId } = opts;
  if (id === duplicateId) throw validationError([{ propertyPath: 'duplicate', message: 'A customer cannot be merged into itself.' }]);
  const scope = customerScopeOf(ctx);
  return runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    const { kept, duplicate } = await loadMergePair(tx, scope, { id, duplicateId, propertyPath: 'duplicate' });
    const side = (c: TCustomerRow) => ({ '@id': `/api/customers/${c.id}`, id: c.id, name: customerDisplayName(c), phone: c.phone });
    return {
      kept: side(kept),
      duplicate: side(duplicate),
      moves: await repo.countMergeMoves(tx, { companyId: scope.companyId, fromId: duplicateId, toId: id }),
      fields: mergeFieldPreview(kept, duplicate),
    };
  });
}

/** The kept customer must be visible to the caller (404); the duplicate too, else the body is wrong (422). */
async function loadMergePair(tx: TTx, scope: repo.TCustomerScope, opts: { id: number; duplicateId: number; propertyPath: string }) {
  const kept = await loadVisible(tx, scope, opts.id);
  const duplicate = await repo.findCustomer(tx, { ...scope, id: opts.duplicateId });
  if (!duplicate) throw validationError([{ propertyPath: opts.propertyPath, message: 'The customer to merge was not found.' }]);
  return { kept, duplicate };
}

export async function listCustomerTags(opts: { ctx: TRequestContext }) {
  const scope = customerScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) => repo.listTags(tx, scope));
}

export async function listSimpleCustomers(opts: { ctx: TRequestContext; search?: string }) {
  const scope = customerScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) => repo.listSimpleCustomers(tx, { ...scope, search: opts.search, limit: 20 }));
}

/**
 * Where the user is looking (spec part 1 §7), so an inbound message is not notified to someone already reading that
 * conversation. A named customer must be one the user may see: another company's id is "not found", never stored.
 * An impersonating admin is not the user, so nothing is recorded for them.
 */
export async function recordActivePage(opts: { ctx: TRequestContext; page: string; customerId: number | null }): Promise<void> {
  const { ctx } = opts;
  if (ctx.actor.companyId === null) return;
  const scope = customerScopeOf(ctx);
  await runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    if (opts.customerId !== null && !(await repo.findCustomer(tx, { ...scope, id: opts.customerId }))) throw new AppError('not_found', 'Customer not found.');
    if (ctx.actor.impersonating) return;
    await repo.upsertActivePage(tx, { companyId: scope.companyId, userId: ctx.actor.user.id, page: opts.page, customerId: opts.customerId });
  });
}

// Deleting a user hands their customers to the receiving user in the same transaction.
userTransferHooks.push((tx, opts) => repo.reassignCustomers(tx, opts));
