import {
  ROUTING_LIMITS,
  ROUTING_MESSAGES,
  type TRoutingDecision,
  type TRoutingRule,
  type TRoutingRuleCreate,
  type TRoutingRuleOrder,
  type TRoutingRulePatch,
  type TRoutingSettings,
  type TRoutingSettingsPatch,
  type TRoutingTakeResult,
} from '@cd/contracts/routing';
import type { TCustomer } from '@cd/contracts/customer';
import { DEFAULT_BUSINESS_HOURS } from '@cd/contracts/routing-hours';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { iri } from '../../lib/hydra';
import { requireArea } from '../../lib/require-area';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { customerEvent, findCustomer, toCustomerResource } from '../customers/customers.api';
import * as repo from './routing.repository';
import type { TRoutingDecisionRow, TRoutingRuleRow, TRoutingSettingsRow } from './routing.schema';

/** Settings and rules are company admins' (area `routing`); take and the decision history are every agent's. */

function adminCompanyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'routing', message: ROUTING_MESSAGES.adminsOnly });
  return resolveReadableCompanyId({ ctx });
}

export function toRuleResource(r: TRoutingRuleRow): TRoutingRule {
  return {
    '@id': iri('routing/rules', r.id),
    '@type': 'RoutingRule',
    id: r.id,
    position: r.position,
    name: r.name,
    enabled: r.enabled,
    channels: r.channels,
    keywords: r.keywords,
    strategy: r.strategy,
    role: r.role,
    department: r.department,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
  };
}

function toDecisionResource(d: TRoutingDecisionRow): TRoutingDecision {
  return {
    '@id': iri('routing/decisions', d.id),
    '@type': 'RoutingDecision',
    id: d.id,
    customerId: d.customerId,
    kind: d.kind,
    ruleId: d.ruleId,
    ruleName: d.ruleName,
    strategy: d.strategy,
    chosenUserId: d.chosenUserId,
    chosenUserName: d.chosenUserName,
    previousUserId: d.previousUserId,
    reason: d.reason,
    skipped: d.skipped,
    createdAt: d.createdAt.toISOString(),
  };
}

function settingsOrDefault(companyId: number, row: TRoutingSettingsRow | null): TRoutingSettingsRow {
  return row ?? { companyId, firstReplyMinutes: null, warnPercent: 80, reassignMinutes: null, businessHours: DEFAULT_BUSINESS_HOURS };
}

async function presentSettings(tx: TTx, companyId: number): Promise<TRoutingSettings> {
  const s = settingsOrDefault(companyId, await repo.findSettings(tx, { companyId }));
  return {
    '@id': '/api/routing/settings',
    '@type': 'RoutingSettings',
    firstReplyMinutes: s.firstReplyMinutes,
    warnPercent: s.warnPercent,
    reassignMinutes: s.reassignMinutes,
    businessHours: s.businessHours,
    timeZone: await repo.findCompanyTimeZone(tx, { companyId }),
    breaches: await repo.countBreaches(tx, { companyId }),
  };
}

export async function getRoutingSettings(opts: { ctx: TRequestContext }): Promise<TRoutingSettings> {
  const companyId = adminCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, (tx) => presentSettings(tx, companyId));
}

export async function changeRoutingSettings(opts: { ctx: TRequestContext; body: TRoutingSettingsPatch }): Promise<TRoutingSettings> {
  const companyId = adminCompanyOf(opts.ctx);
  const { body } = opts;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const s = settingsOrDefault(companyId, await repo.findSettings(tx, { companyId }));
    await repo.upsertSettings(tx, {
      companyId,
      firstReplyMinutes: body.firstReplyMinutes !== undefined ? body.firstReplyMinutes : s.firstReplyMinutes,
      warnPercent: body.warnPercent ?? s.warnPercent,
      reassignMinutes: body.reassignMinutes !== undefined ? body.reassignMinutes : s.reassignMinutes,
      businessHours: body.businessHours ?? s.businessHours,
    });
    return presentSettings(tx, companyId);
  });
}

export async function listRoutingRules(opts: { ctx: TRequestContext }): Promise<TRoutingRule[]> {
  const companyId = adminCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => (await repo.listRules(tx, { companyId })).map(toRuleResource));
}

async function loadRule(tx: TTx, companyId: number, id: number): Promise<TRoutingRuleRow> {
  const row = await repo.findRule(tx, { companyId, id });
  if (!row) throw new AppError('not_found', ROUTING_MESSAGES.ruleNotFound);
  return row;
}

/** A fixed-user rule names an enabled user of the company; other strategies carry no user. */
async function checkRule(tx: TTx, r: TRoutingRuleRow): Promise<TRoutingRuleRow> {
  if (r.strategy !== 'fixed_user') return { ...r, userId: null };
  if (r.userId === null) throw validationError([{ propertyPath: 'userId', message: ROUTING_MESSAGES.userRequired }]);
  const [u] = await repo.findCandidates(tx, { companyId: r.companyId, ids: [r.userId] });
  if (!u?.enabled) throw validationError([{ propertyPath: 'userId', message: ROUTING_MESSAGES.userNotFound }]);
  return r;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

export async function createRoutingRule(opts: { ctx: TRequestContext; body: TRoutingRuleCreate }): Promise<TRoutingRule> {
  const companyId = adminCompanyOf(opts.ctx);
  const b = opts.body;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    if ((await repo.countRules(tx, { companyId })) >= ROUTING_LIMITS.rules)
      throw validationError([{ propertyPath: '', message: ROUTING_MESSAGES.tooManyRules }]);
    const checked = await checkRule(tx, {
      companyId,
      id: 0,
      position: 0,
      lastUserId: null,
      createdAt: new Date(),
      name: b.name,
      enabled: b.enabled,
      channels: unique(b.channels),
      keywords: unique(b.keywords),
      strategy: b.strategy,
      role: b.role,
      department: b.department || null,
      userId: b.userId,
    });
    const id = await repo.insertRule(tx, checked);
    return toRuleResource(await loadRule(tx, companyId, id));
  });
}

export async function changeRoutingRule(opts: { ctx: TRequestContext; id: number; body: TRoutingRulePatch }): Promise<TRoutingRule> {
  const companyId = adminCompanyOf(opts.ctx);
  const b = opts.body;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const row = await loadRule(tx, companyId, opts.id);
    const next = await checkRule(tx, {
      ...row,
      name: b.name ?? row.name,
      enabled: b.enabled ?? row.enabled,
      channels: b.channels ? unique(b.channels) : row.channels,
      keywords: b.keywords ? unique(b.keywords) : row.keywords,
      strategy: b.strategy ?? row.strategy,
      role: b.role ?? row.role,
      department: b.department !== undefined ? b.department || null : row.department,
      userId: b.userId !== undefined ? b.userId : row.userId,
    });
    await repo.updateRule(tx, next);
    return toRuleResource(await loadRule(tx, companyId, opts.id));
  });
}

export async function deleteRoutingRule(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = adminCompanyOf(opts.ctx);
  await runInScope(opts.ctx.db, { companyId }, async (tx) => {
    if (!(await repo.deleteRule(tx, { companyId, id: opts.id }))) throw new AppError('not_found', ROUTING_MESSAGES.ruleNotFound);
  });
}

export async function reorderRoutingRules(opts: { ctx: TRequestContext; body: TRoutingRuleOrder }): Promise<TRoutingRule[]> {
  const companyId = adminCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const rules = await repo.listRules(tx, { companyId });
    const ids = opts.body.ids;
    const known = new Set(rules.map((r) => r.id));
    if (ids.length !== rules.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw validationError([{ propertyPath: 'ids', message: ROUTING_MESSAGES.reorderMismatch }]);
    await repo.reorderRules(tx, { companyId, ids });
    return (await repo.listRules(tx, { companyId })).map(toRuleResource);
  });
}

/** The company of a conversation's caller, with the customers they may see (admins: all; agents: their own). */
function conversationScopeOf(ctx: TRequestContext): { companyId: number; ownerId: number | null } {
  const companyId = resolveReadableCompanyId({ ctx });
  return { companyId, ownerId: ctx.actor.isCompanyAdmin ? null : ctx.actor.user.id };
}

export async function listRoutingDecisions(opts: { ctx: TRequestContext; customerId: number }): Promise<TRoutingDecision[]> {
  const scope = conversationScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    if (!(await findCustomer(tx, { ...scope, id: opts.customerId }))) throw new AppError('not_found', ROUTING_MESSAGES.customerNotFound);
    const rows = await repo.listDecisions(tx, { companyId: scope.companyId, customerId: opts.customerId, limit: ROUTING_LIMITS.decisionsMax });
    return rows.map(toDecisionResource);
  });
}

/**
 * "Take": the caller becomes the owner of a conversation that has none. One conditional update decides, so of two
 * agents pressing at once exactly one wins; the other gets 409 naming who has it. Taking one's own is a no-op.
 */
export async function takeConversation(opts: { ctx: TRequestContext; customerId: number }): Promise<TRoutingTakeResult> {
  const { ctx } = opts;
  const companyId = resolveReadableCompanyId({ ctx });
  const me = ctx.actor.user;
  if (me.companyId !== companyId) throw new AppError('forbidden', 'Only users of the company take its conversations.');
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const owner = await repo.findCustomerOwner(tx, { companyId, customerId: opts.customerId });
      if (!owner) throw new AppError('not_found', ROUTING_MESSAGES.customerNotFound);
      if (owner.userId === me.id) return { customerId: opts.customerId, userId: me.id, changed: false };
      if (owner.userId !== null || !(await repo.claimUnowned(tx, { companyId, customerId: opts.customerId, userId: me.id }))) {
        const now = owner.userId !== null ? owner : await repo.findCustomerOwner(tx, { companyId, customerId: opts.customerId });
        throw new AppError('conflict', `${ROUTING_MESSAGES.takenBy} (${now?.name ?? 'another user'})`);
      }
      await repo.insertDecision(tx, {
        companyId,
        customerId: opts.customerId,
        messageId: null,
        kind: 'take',
        ruleId: null,
        ruleName: null,
        strategy: null,
        chosenUserId: me.id,
        previousUserId: null,
        reason: 'taken',
        skipped: [],
      });
      const customer = (await findCustomer(tx, { companyId, ownerId: null, id: opts.customerId }))!;
      emit([customerEvent(customer, 'updated', { changes: ['user'] })]);
      return { customerId: opts.customerId, userId: me.id, changed: true };
    },
  });
}

const QUEUE_FORBIDDEN = 'The unassigned queue is for company admins and communication agents.';

/**
 * The unassigned queue: the company's conversations nobody owns, for company admins and agents holding
 * ROLE_COMMUNICATION (agents otherwise see only their own customers, so without it these are invisible to them).
 * Each is taken with `takeConversation`. Keyset paged, one statement per page.
 */
export async function listUnassignedConversations(opts: {
  ctx: TRequestContext;
  limit: number;
  before?: { bumpedAt: Date; id: number };
}): Promise<{ member: TCustomer[]; hasMore: boolean; last?: { bumpedAt: Date | null; id: number } }> {
  const { ctx } = opts;
  const companyId = resolveReadableCompanyId({ ctx });
  if (!ctx.actor.isCompanyAdmin && !ctx.actor.user.roles.includes('ROLE_COMMUNICATION')) throw new AppError('forbidden', QUEUE_FORBIDDEN);
  const viewerId = ctx.actor.user.id;
  const rows = await runInScope(ctx.db, { companyId }, (tx) => repo.listUnowned(tx, { companyId, viewerId, limit: opts.limit, before: opts.before }));
  const member = rows.map(({ row, readAt }) => toCustomerResource(row, { viewerId, readStates: readAt ? [{ userId: viewerId, readAt }] : [] }));
  return { member, hasMore: rows.length === opts.limit, last: rows.at(-1)?.row };
}
