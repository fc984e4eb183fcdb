import {
  SUGGESTED_REPLY_ACTIONS,
  SUGGESTED_REPLY_LIMITS,
  SUGGESTED_REPLY_MESSAGES,
  type TSuggestedReplies,
  type TSuggestedReply,
  type TSuggestedReplyEvent,
  type TSuggestedReplyStats,
} from '@cd/contracts/suggested-replies';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import * as repo from './suggested-replies.repository';
import { dedupe, personalise, scoreOf } from './suggested-replies.text';

/** Suggested replies (issue 21): rules in docs/suggested-replies.md. */

/** Questions shorter than this have too few trigrams to compare: only templates are offered. */
const MIN_QUESTION_CHARS = 3;
/** Template scores are scaled down so a good past answer leads. */
const TEMPLATE_WEIGHT = 0.9;

/** The inbox rule (spec part 1 §6): company admins see every conversation of the company, other users their own. */
function viewerOf(ctx: TRequestContext): repo.TViewer {
  const companyId = resolveReadableCompanyId({ ctx });
  return { companyId, ownerId: ctx.actor.isCompanyAdmin ? null : ctx.actor.user.id, userId: ctx.actor.user.id };
}

const DAY_MS = 86_400_000;

export async function suggestReplies(opts: { ctx: TRequestContext; customerId: number; now?: Date }): Promise<TSuggestedReplies> {
  const viewer = viewerOf(opts.ctx);
  const now = (opts.now ?? new Date()).getTime();
  return runInScope(opts.ctx.db, { companyId: viewer.companyId }, async (tx) => {
    const customer = await repo.findCustomerWithLatest(tx, { ...viewer, customerId: opts.customerId });
    if (!customer) throw new AppError('not_found', 'Customer not found.');
    const latest = customer.latest;
    const question = latest?.direction === 'INBOUND' ? latest.content.trim() : '';
    if (!latest || !question) return { messageId: null, member: [] };

    const past: TSuggestedReply[] = [];
    if (question.length >= MIN_QUESTION_CHARS) {
      const rows = await repo.findPastReplies(tx, { ...viewer, question, excludeMessageId: latest.id });
      const ranked: TSuggestedReply[] = [];
      for (const row of rows) {
        const textFit = personalise({
          text: row.replyText,
          previous: { firstName: row.firstName, lastName: row.lastName, phone: row.phone },
          current: customer,
          sameCustomer: row.customerId === customer.id,
        });
        if (textFit === null) continue;
        const score = scoreOf({ similarity: row.similarity, ageDays: (now - row.repliedAt.getTime()) / DAY_MS, own: row.replyUserId === viewer.userId });
        ranked.push({ kind: 'past_reply', text: textFit, sourceId: row.replyId, score });
      }
      ranked.sort((a, b) => b.score - a.score || b.sourceId - a.sourceId);
      past.push(...dedupe(ranked).slice(0, SUGGESTED_REPLY_LIMITS.pastReplies));
    }
    const templates = (await repo.findTemplates(tx, { companyId: viewer.companyId, question, limit: SUGGESTED_REPLY_LIMITS.templates }))
      .map((t): TSuggestedReply => ({ kind: 'template', text: t.text, sourceId: t.id, score: Math.round(t.similarity * TEMPLATE_WEIGHT * 1000) / 1000 }))
      // A template that says what a past reply already says is not offered twice.
      .filter((t) => dedupe([...past, t]).length === past.length + 1);
    return { messageId: latest.id, member: [...past, ...templates] };
  });
}

/** Records that suggestions were shown, one inserted, or a message sent with it; each once per user and message. */
export async function recordEvent(opts: { ctx: TRequestContext; body: TSuggestedReplyEvent }): Promise<{ recorded: boolean }> {
  const viewer = viewerOf(opts.ctx);
  const { body } = opts;
  return runInScope(opts.ctx.db, { companyId: viewer.companyId }, async (tx) => {
    if (!(await repo.findVisibleInbound(tx, { ...viewer, messageId: body.messageId })))
      throw new AppError('not_found', SUGGESTED_REPLY_MESSAGES.messageNotFound);
    const recorded = await repo.insertEvent(tx, {
      companyId: viewer.companyId,
      userId: viewer.userId,
      messageId: body.messageId,
      action: body.action,
      kind: body.action === 'shown' ? null : (body.kind ?? null),
      sourceId: body.action === 'shown' ? null : (body.sourceId ?? null),
    });
    return { recorded };
  });
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The company's daily figures (company admins, or a super admin working in the company). */
export async function suggestionStats(opts: { ctx: TRequestContext; days?: number; now?: Date }): Promise<TSuggestedReplyStats> {
  requireArea({ ctx: opts.ctx, area: 'dashboard', message: 'Only a company admin may read suggestion figures.' });
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  const days = opts.days ?? 30;
  const counts = await runInScope(opts.ctx.db, { companyId }, (tx) => repo.countByDay(tx, { companyId, days }));
  const today = Date.parse(`${isoDay((opts.now ?? new Date()).getTime())}T00:00:00Z`);
  const byDay = new Map<string, { shown: number; inserted: number; sent: number }>();
  for (let i = days - 1; i >= 0; i--) byDay.set(isoDay(today - i * DAY_MS), { shown: 0, inserted: 0, sent: 0 });
  const totals = { shown: 0, inserted: 0, sent: 0 };
  for (const c of counts) {
    const day = byDay.get(c.date);
    const action = SUGGESTED_REPLY_ACTIONS.find((a) => a === c.action);
    if (!day || !action) continue;
    day[action] += c.n;
    totals[action] += c.n;
  }
  return {
    days: [...byDay.entries()].map(([date, v]) => ({ date, ...v })),
    totals: { ...totals, takenRate: totals.shown === 0 ? null : Math.round((totals.sent / totals.shown) * 1000) / 1000 },
  };
}
