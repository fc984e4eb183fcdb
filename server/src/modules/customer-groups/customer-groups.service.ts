import type { TCustomerGroup, TGroupMessage } from '@cd/contracts/customer-group';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { enqueueJob, rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { findCompany } from '../companies/companies.api';
import type { TCustomerScope } from '../customers/customers.api';
import { findMediaRows } from '../media/media.api';
import { customerScopeOf } from '../customers/customers.service';
import { blockReason, JOB_SEND_MESSAGE, resolveChannel } from '../messages/messages.service';
import * as repo from './customer-groups.repository';
import type { TCustomerGroupRow, TGroupMessageRow } from './customer-groups.schema';

export const JOB_EXPAND_GROUP_MESSAGE = 'expand_group_message';
/** Recipients created per transaction: small enough to keep other requests flowing, large enough to be fast. */
const EXPAND_BATCH = 500;

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

/** Groups belong to the communication area: company admins and users with the communication role. */
function groupScopeOf(ctx: TRequestContext): TCustomerScope {
  const a = ctx.actor;
  if (!a.isCompanyAdmin && !a.user.roles.includes('ROLE_COMMUNICATION'))
    throw new AppError('forbidden', 'Customer groups need the communication role.');
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

export function presentGroupMessage(gm: TGroupMessageRow, stats: Record<string, number>): TGroupMessage {
  const sum = (...keys: string[]) => keys.reduce((n, k) => n + (stats[k] ?? 0), 0);
  return {
    '@id': `/api/group_messages/${gm.id}`,
    '@type': 'GroupMessage',
    id: gm.id,
    customerGroup: gm.groupId === null ? null : `/api/customer_groups/${gm.groupId}`,
    customerGroupId: gm.groupId,
    user: gm.userId === null ? null : `/api/users/${gm.userId}`,
    source: gm.source,
    content: gm.content,
    status: gm.status,
    scheduledAt: gm.scheduledAt?.toISOString() ?? null,
    createdAt: gm.createdAt.toISOString(),
    recipients: {
      total: gm.recipientsTotal,
      skipped: gm.recipientsSkipped,
      pending: sum('SENDING'),
      sent: sum('SENT', 'DELIVERED', 'SEEN', 'READ'),
      delivered: sum('DELIVERED', 'SEEN', 'READ'),
      failed: sum('FAILED', 'UNDELIVERED'),
      blocked: sum('blocked'),
      byStatus: stats,
    },
  };
}

function groupMessageEvent(gm: TGroupMessageRow, stats: Record<string, number>, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return {
    companyId: gm.companyId,
    topics: gm.userId === null ? [companyAdminsTopic(gm.companyId)] : [companyAdminsTopic(gm.companyId), userTopic(gm.userId)],
    event,
    entity: 'group_message',
    data: presentGroupMessage(gm, stats),
    changes: event === 'updated' ? ['recipients', 'status'] : null,
  };
}

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
      await enqueueJob(tx, {
        companyId: scope.companyId,
        kind: JOB_EXPAND_GROUP_MESSAGE,
        payload: { groupMessageId: gm.id, ownerId: scope.ownerId },
        runAt: opts.scheduledAt,
      });
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
    await enqueueJob(tx, { companyId: scope.companyId, kind: JOB_EXPAND_GROUP_MESSAGE, payload: { groupMessageId: gm.id, ownerId: scope.ownerId } });
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

/**
 * Creates one message per recipient, batch by batch, each batch with its send jobs in one transaction.
 * Opted-out and unreachable recipients get a `blocked` message (reported as skipped). A crash mid-way resumes
 * after the last recipient done; the unique (group message, customer) key makes every recipient exactly once.
 */
export function createExpandGroupMessageHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const groupMessageId = Number(job.payload.groupMessageId);
    const ownerId = job.payload.ownerId === null || job.payload.ownerId === undefined ? null : Number(job.payload.ownerId);
    for (;;) {
      const outcome = await runWithLiveEvents({
        deps,
        scope: { companyId },
        fn: async (tx, emit) => {
          const gm = await repo.findGroupMessage(tx, { companyId, id: groupMessageId });
          if (!gm || gm.status === 'sent' || gm.groupId === null) return 'done' as const;
          if (gm.status === 'scheduled' && gm.scheduledAt && gm.scheduledAt.getTime() > Date.now()) {
            await rescheduleJob(tx, { jobId: job.id, runAt: gm.scheduledAt });
            return 'rescheduled' as const;
          }
          const company = (await findCompany(tx, companyId))!;
          const afterId = await repo.lastRecipientCustomerId(tx, { companyId, groupMessageId });
          const members = await repo.listMembers(tx, { companyId, ownerId, groupId: gm.groupId, afterId, limit: EXPAND_BATCH });
          if (!members.length) {
            const row = (await repo.updateGroupMessage(tx, { companyId, id: gm.id, values: { status: 'sent', expandedAt: new Date() } }))!;
            const stats = await repo.countRecipientStatuses(tx, { companyId, groupMessageIds: [gm.id] });
            emit([groupMessageEvent(row, stats.get(gm.id) ?? {}, 'updated')]);
            return 'done' as const;
          }
          const rows = members.map((c) => {
            let channel: string;
            try {
              channel = resolveChannel(deps, company, c);
            } catch {
              // Recorded on the channel it would have used, so the thread shows why nothing went out.
              return { customerId: c.id, channel: c.preferredChannel ?? 'sms_provider', status: 'blocked', errorMessage: 'This customer has no valid communication channel.' };
            }
            const blocked = blockReason(company, c, 'STANDARD');
            return { customerId: c.id, channel, status: blocked ? 'blocked' : 'SENDING', errorMessage: blocked };
          });
          const inserted = await repo.insertRecipientMessages(tx, { companyId, groupMessageId, userId: gm.userId, content: gm.content, rows });
          const sending = inserted.filter((m) => m.status === 'SENDING').map((m) => m.id);
          await repo.enqueueSendJobs(tx, { companyId, kind: JOB_SEND_MESSAGE, messageIds: sending });
          const mediaIds = await repo.listGroupAttachmentIds(tx, { companyId, groupMessageId });
          await repo.linkAttachmentsToMessages(tx, { companyId, messageIds: inserted.map((m) => m.id), mediaIds });
          const row = (await repo.updateGroupMessage(tx, {
            companyId,
            id: gm.id,
            values: {
              status: 'sending',
              recipientsTotal: gm.recipientsTotal + inserted.length,
              recipientsSkipped: gm.recipientsSkipped + (inserted.length - sending.length),
            },
          }))!;
          const stats = await repo.countRecipientStatuses(tx, { companyId, groupMessageIds: [gm.id] });
          emit([groupMessageEvent(row, stats.get(gm.id) ?? {}, 'updated')]);
          return 'more' as const;
        },
      });
      deps.jobs.wake();
      if (outcome === 'rescheduled') return 'rescheduled';
      if (outcome === 'done') return;
    }
  };
}
