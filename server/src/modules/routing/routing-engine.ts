import type { TChannel } from '@cd/contracts/customer';
import { userTopic } from '@cd/contracts/live';
import type { TTx } from '../../db/client';
import type { TLiveEventInput } from '../../live/live.types';
import { toCustomerResource, type TCustomerRow } from '../customers/customers.api';
import * as repo from './routing.repository';
import type { TCandidate, TRoutingRuleRow, TSkip } from './routing.schema';

/**
 * Picks an agent for a conversation (docs/routing.md): the first enabled rule whose condition matches (channel in the
 * list, text containing one of the keywords — plain, case-insensitive substring tests, never a user's pattern) and
 * whose strategy finds an available agent (enabled, ONLINE, not excluded) wins. Rules that match but find nobody let
 * the next rule try. Runs in the caller's transaction; the round-robin pointer is read and moved under a row lock on
 * the rule, so parallel inbound messages take turns instead of both landing on the same agent.
 */

export interface TChoice {
  rule: TRoutingRuleRow | null;
  userId: number | null;
  reason: 'matched' | 'no_rule_matched' | 'no_agent_available';
  skipped: TSkip[];
}

export function ruleMatches(rule: TRoutingRuleRow, opts: { channel: TChannel; text: string }): boolean {
  if (!rule.enabled) return false;
  if (rule.channels.length && !rule.channels.includes(opts.channel)) return false;
  if (rule.keywords.length) {
    const text = opts.text.toLocaleLowerCase();
    if (!rule.keywords.some((k) => text.includes(k.toLocaleLowerCase()))) return false;
  }
  return true;
}

/** Who of `candidates` may take a conversation; the others go to `skipped` with why. */
function availableOf(candidates: TCandidate[], exclude: number[], skipped: TSkip[]): TCandidate[] {
  return candidates.filter((c) => {
    const reason = !c.enabled ? 'disabled' : c.status !== 'ONLINE' ? 'away' : exclude.includes(c.id) ? 'current_owner' : null;
    if (reason && !skipped.some((s) => s.userId === c.id)) skipped.push({ userId: c.id, reason });
    return reason === null;
  });
}

async function pickFor(tx: TTx, rule: TRoutingRuleRow, opts: { customerId: number; exclude: number[]; skipped: TSkip[] }): Promise<number | null> {
  const { companyId } = rule;
  switch (rule.strategy) {
    case 'fixed_user': {
      if (rule.userId === null) return null;
      const [c] = availableOf(await repo.findCandidates(tx, { companyId, ids: [rule.userId] }), opts.exclude, opts.skipped);
      return c?.id ?? null;
    }
    case 'sticky': {
      const previous = await repo.findPreviousOwner(tx, { companyId, customerId: opts.customerId });
      if (previous === null) return null;
      const [c] = availableOf(await repo.findCandidates(tx, { companyId, ids: [previous] }), opts.exclude, opts.skipped);
      return c?.id ?? null;
    }
    case 'least_busy': {
      const pool = availableOf(await repo.listCandidates(tx, { companyId, role: rule.role, department: rule.department }), opts.exclude, opts.skipped);
      if (!pool.length) return null;
      const busy = await repo.countOpenWaitsByOwner(tx, { companyId, userIds: pool.map((c) => c.id) });
      // Fewest open unanswered conversations; ties go to the lowest id (stable, explainable).
      let best = pool[0]!;
      for (const c of pool) if ((busy.get(c.id) ?? 0) < (busy.get(best.id) ?? 0)) best = c;
      return best.id;
    }
    case 'round_robin': {
      // The lock makes "read the pointer, move it" one step for every transaction routing through this rule.
      const locked = await repo.findRule(tx, { companyId, id: rule.id, lock: true });
      if (!locked) return null;
      const pool = availableOf(await repo.listCandidates(tx, { companyId, role: rule.role, department: rule.department }), opts.exclude, opts.skipped);
      if (!pool.length) return null;
      const next = pool.find((c) => locked.lastUserId === null || c.id > locked.lastUserId) ?? pool[0]!;
      await repo.setRuleLastUser(tx, { companyId, id: rule.id, userId: next.id });
      return next.id;
    }
  }
}

export async function chooseAgent(
  tx: TTx,
  opts: { rules: TRoutingRuleRow[]; customerId: number; channel: TChannel; text: string; exclude: number[] },
): Promise<TChoice> {
  const skipped: TSkip[] = [];
  let anyMatched = false;
  for (const rule of opts.rules) {
    if (!ruleMatches(rule, opts)) continue;
    anyMatched = true;
    const userId = await pickFor(tx, rule, { customerId: opts.customerId, exclude: opts.exclude, skipped });
    if (userId !== null) return { rule, userId, reason: 'matched', skipped };
  }
  return { rule: null, userId: null, reason: anyMatched ? 'no_agent_available' : 'no_rule_matched', skipped };
}

/** The live event that drops a conversation from its previous owner's inbox (the new owner hears the caller's events). */
export function ownerLeftEvent(customer: TCustomerRow, previousUserId: number): TLiveEventInput {
  return {
    companyId: customer.companyId,
    topics: [userTopic(previousUserId)],
    event: 'updated',
    entity: 'customer',
    data: toCustomerResource(customer, { viewerId: 0, readStates: [] }),
    changes: ['user'],
  };
}
