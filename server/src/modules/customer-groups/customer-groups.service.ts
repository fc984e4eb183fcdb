import type { TCustomerGroup } from '@cd/contracts/customer-group';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCustomerScope } from '../customers/customers.api';
import { findMediaRows } from '../media/media.api';
import { customerScopeOf } from '../customers/customers.service';
import { enqueueExpandGroupMessage } from './customer-groups.jobs';
import { groupMessageEvent, presentGroupMessage } from './customer-groups.presenter';
import * as repo from './customer-groups.repository';
import type { TCustomerGroupRow } from './customer-groups.schema';

/** Groups belong to the communication area: company admins and users with the communication role. */
function groupScopeOf(ctx: TRequestContext): TCustomerScope {
  requireArea({ ctx, area: 'communication', message: 'Customer groups need the communication role.' });
  return customerScopeOf(ctx);
}

export function presentGroup(g: TCustomerGroupRow, memberCount: number): TCustomerGroup {
  return { '@id': `/api/customer_groups/${g.id}`, '@type': 'CustomerGroup', id: g.id, name: g.name, memberCount, createdAt: g.createdAt.toISOString() };
}

async function loadGroup(tx: Parameters<typeof repo.findGroup>[0], scope: TCustomerScope, id: number) {
  const g = await repo.findGroup(tx, { companyId: scope.companyId, id });
  if (!g) throw new AppError('not_found', 'Customer group not found.');
  return g;
}

export async function listCustomerGroups(opts: { ctx: TRequestContext }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const groups = await repo.listGroups(tx, { companyId: scope.companyId });
    const counts = await repo.countMembers(tx, { ...scope, groupIds: groups.map((g) => g.id) });
    return groups.map((g) => presentGroup(g, counts.get(g.id) ?? 0));
  });
}

export async function getCustomerGroup(opts: { ctx: TRequestContext; id: number }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const g = await loadGroup(tx, scope, opts.id);
    const counts = await repo.countMembers(tx, { ...scope, groupIds: [g.id] });
    return presentGroup(g, counts.get(g.id) ?? 0);
  });
}

export interface TGroupChange {
  name?: string;
  /** Replace the members the caller sees with these. */
  customers?: number[];
  addCustomers?: number[];
  removeCustomers?: number[];
  /** Add every visible customer carrying one of these tags. */
  addByTags?: string[];
}

async function applyMembers(tx: Parameters<typeof repo.findGroup>[0], scope: TCustomerScope, groupId: number, change: TGroupChange) {
  if (change.customers) {
    await repo.removeMembers(tx, { ...scope, groupId, customerIds: 'all' });
    await repo.addMembers(tx, { ...scope, groupId, customerIds: change.customers });
  }
  if (change.addCustomers?.length) await repo.addMembers(tx, { ...scope, groupId, customerIds: change.addCustomers });
  if (change.addByTags?.length) await repo.addMembers(tx, { ...scope, groupId, tags: change.addByTags });
  if (change.removeCustomers?.length) await repo.removeMembers(tx, { ...scope, groupId, customerIds: change.removeCustomers });
}

export async function createCustomerGroup(opts: { ctx: TRequestContext; change: TGroupChange & { name: string } }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const g = await repo.insertGroup(tx, { companyId: scope.companyId, name: opts.change.name });
    await applyMembers(tx, scope, g.id, opts.change);
    const counts = await repo.countMembers(tx, { ...scope, groupIds: [g.id] });
    return presentGroup(g, counts.get(g.id) ?? 0);
  });
}

export async function changeCustomerGroup(opts: { ctx: TRequestContext; id: number; change: TGroupChange }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    let g = await loadGroup(tx, scope, opts.id);
    if (opts.change.name !== undefined) {
      await repo.renameGroup(tx, { companyId: scope.companyId, id: g.id, name: opts.change.name });
      g = { ...g, name: opts.change.name };
    }
    await applyMembers(tx, scope, g.id, opts.change);
    const counts = await repo.countMembers(tx, { ...scope, groupIds: [g.id] });
    return presentGroup(g, counts.get(g.id) ?? 0);
  });
}

export async function deleteCustomerGroup(opts: { ctx: TRequestContext; id: number }) {
  const scope = groupScopeOf(opts.ctx);
  if (!opts.ctx.actor.isCompanyAdmin) {
    // A group may hold customers a non-admin cannot see; only admins may remove it for everyone.
    throw new AppError('forbidden', 'Only a company admin may delete a customer group.');
  }
  await runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    await loadGroup(tx, scope, opts.id);
    await repo.deleteGroup(tx, { companyId: scope.companyId, id: opts.id });
  });
}

export async function listCustomerGroupMembers(opts: { ctx: TRequestContext; id: number; afterId?: number; limit: number }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    await loadGroup(tx, scope, opts.id);
    return repo.listMembers(tx, { ...scope, groupId: opts.id, afterId: opts.afterId, limit: opts.limit });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Group messages

export async function createGroupMessage(opts: {
  ctx: TRequestContext;
  groupId: number;
  content: string;
  scheduledAt?: Date;
  mediaIds: number[];
  source?: string;
}) {
  const { ctx } = opts;
  const content = opts.content.trim();
  if (!content && !opts.mediaIds.length) throw validationError([{ propertyPath: 'content', message: 'Write a message or attach a file.' }]);
  if (opts.scheduledAt && opts.scheduledAt.getTime() <= Date.now())
    throw validationError([{ propertyPath: 'scheduledAt', message: 'A scheduled message needs a future date and time.' }]);
  const scope = groupScopeOf(ctx);
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      await loadGroup(tx, scope, opts.groupId);
      const media = await findMediaRows(tx, { companyId: scope.companyId, ids: opts.mediaIds });
      if (media.length !== opts.mediaIds.length) throw validationError([{ propertyPath: 'file', message: 'An attachment was not found.' }]);
      const gm = await repo.insertGroupMessage(tx, {
        companyId: scope.companyId,
        groupId: opts.groupId,
        userId: ctx.actor.user.id,
        source: opts.source ?? 'SYSTEM',
        content: content || null,
        status: opts.scheduledAt ? 'scheduled' : 'queued',
        scheduledAt: opts.scheduledAt ?? null,
      });
      await repo.linkGroupAttachments(tx, { companyId: scope.companyId, groupMessageId: gm.id, mediaIds: opts.mediaIds });
      await enqueueExpandGroupMessage(tx, { companyId: scope.companyId, groupMessageId: gm.id, ownerId: scope.ownerId, runAt: opts.scheduledAt });
      emit([groupMessageEvent(gm, {}, 'created')]);
      return presentGroupMessage(gm, {});
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function listGroupMessages(opts: { ctx: TRequestContext; groupId?: number; before?: Date; limit: number }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const rows = await repo.listGroupMessages(tx, { companyId: scope.companyId, groupId: opts.groupId, before: opts.before, limit: opts.limit });
    const stats = await repo.countRecipientStatuses(tx, { companyId: scope.companyId, groupMessageIds: rows.map((r) => r.id) });
    return { member: rows.map((r) => presentGroupMessage(r, stats.get(r.id) ?? {})), oldest: rows.at(-1) ?? null, full: rows.length === opts.limit };
  });
}

async function loadGroupMessage(tx: Parameters<typeof repo.findGroup>[0], scope: TCustomerScope, id: number) {
  const gm = await repo.findGroupMessage(tx, { companyId: scope.companyId, id });
  if (!gm) throw new AppError('not_found', 'Group message not found.');
  return gm;
}

export async function getGroupMessage(opts: { ctx: TRequestContext; id: number }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const gm = await loadGroupMessage(tx, scope, opts.id);
    const stats = await repo.countRecipientStatuses(tx, { companyId: scope.companyId, groupMessageIds: [gm.id] });
    return presentGroupMessage(gm, stats.get(gm.id) ?? {});
  });
}

export async function listGroupMessageRecipients(opts: { ctx: TRequestContext; id: number; status?: string; afterId?: number; limit: number }) {
  const scope = groupScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    await loadGroupMessage(tx, scope, opts.id);
    return repo.listRecipients(tx, { ...scope, groupMessageId: opts.id, status: opts.status, afterId: opts.afterId, limit: opts.limit });
  });
}

export async function sendGroupMessageNow(opts: { ctx: TRequestContext; id: number }) {
  const { ctx } = opts;
  const scope = groupScopeOf(ctx);
  const result = await runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    const gm = await loadGroupMessage(tx, scope, opts.id);
    if (gm.status !== 'scheduled') throw new AppError('conflict', 'This group message is not scheduled.');
    const row = (await repo.updateGroupMessage(tx, { companyId: scope.companyId, id: gm.id, values: { status: 'queued', scheduledAt: new Date() } }))!;
    // The scheduled job may also run later; expansion is idempotent, so the second run finds nothing to do.
    await enqueueExpandGroupMessage(tx, { companyId: scope.companyId, groupMessageId: gm.id, ownerId: scope.ownerId });
    return presentGroupMessage(row, {});
  });
  ctx.jobs.wake();
  return result;
}

export async function removeScheduledGroupMessage(opts: { ctx: TRequestContext; id: number }) {
  const scope = groupScopeOf(opts.ctx);
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const gm = await loadGroupMessage(tx, scope, opts.id);
      if (gm.status !== 'scheduled') throw new AppError('conflict', 'This group message is not scheduled.');
      await repo.deleteGroupMessage(tx, { companyId: scope.companyId, id: gm.id });
      emit([groupMessageEvent(gm, {}, 'removed')]);
    },
  });
}
