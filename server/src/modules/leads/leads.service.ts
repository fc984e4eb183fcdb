import { LEADS_LIST_MAX, LEADS_UNPAGED_MAX, type TLead, type TLeadListQuery, type TLeadPatch, type TLeadSource } from '@cd/contracts/leads';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { runInScope } from '../../db/client';
import { leadsCompanyOf, requireLeadsModule } from './leads.access';
import { leadEvent, toLeadResource } from './leads.presenter';
import * as repo from './leads.repository';
import type { TLeadPageAsk, TLeadRow } from './leads.schema';

/** Marketing leads: the list, the desk's status and note, and the one write other modules make (recordLead). */

const DEFAULT_PAGE = 30;
const NOT_FOUND = 'Lead not found.';

export interface TLeadPage {
  member: TLead[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

function pageAskOf(q: TLeadListQuery): TLeadPageAsk {
  if (q.pagination === 'false') return { paginated: false, limit: LEADS_UNPAGED_MAX };
  const before = q['createdAt[strictly_before]'];
  return { paginated: true, limit: Math.min(q.itemsPerPage ?? DEFAULT_PAGE, LEADS_LIST_MAX), before: before ? new Date(before) : undefined, idLt: q['id[lt]'] };
}

export async function listLeads(opts: { ctx: TRequestContext; query: TLeadListQuery }): Promise<TLeadPage> {
  const companyId = leadsCompanyOf(opts.ctx);
  const q = opts.query;
  const ask = pageAskOf(q);
  const filters = { source: q.source, status: q.status, agentId: q.agent, listingId: q.listing, customerId: q.customer };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await requireLeadsModule(tx, companyId);
    const rows = await repo.listLeads(tx, { companyId, filters, ask });
    const total = ask.before ? null : await repo.countLeads(tx, { companyId, filters });
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toLeadResource),
      total,
      full: ask.paginated && rows.length === ask.limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

export async function getLead(opts: { ctx: TRequestContext; id: number }): Promise<TLead> {
  const companyId = leadsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await requireLeadsModule(tx, companyId);
    const row = await repo.findLeadView(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return toLeadResource(row);
  });
}

/** The desk moves a lead along (new → contacted → qualified → closed, in any order) and keeps a note. */
export async function changeLead(opts: { ctx: TRequestContext; id: number; body: TLeadPatch }): Promise<TLead> {
  const companyId = leadsCompanyOf(opts.ctx);
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await requireLeadsModule(tx, companyId);
      const changed = await repo.updateLead(tx, { companyId, id: opts.id, status: opts.body.status, note: opts.body.note });
      if (!changed) throw new AppError('not_found', NOT_FOUND);
      const row = (await repo.findLeadView(tx, { companyId, id: opts.id }))!;
      emit([leadEvent(row, 'updated', Object.keys(opts.body))]);
      return toLeadResource(row);
    },
  });
}

/**
 * Records a lead in the caller's transaction (the inbound reaction, the landing page, offers): once per (customer,
 * source, listing, offer) — a repeat finds the same lead (a closed one opens again). Announces a new or reopened lead
 * to the marketing desk, the real-estate role and the admins when `emit` is given.
 */
export async function recordLead(opts: {
  tx: TTx;
  companyId: number;
  customerId: number;
  source: TLeadSource;
  listingId?: number | null;
  offerId?: number | null;
  agentId?: number | null;
  emit?: (events: TLiveEventInput[]) => void;
}): Promise<{ row: TLeadRow; created: boolean }> {
  const { tx, companyId } = opts;
  const result = await repo.upsertLead(tx, {
    companyId,
    customerId: opts.customerId,
    source: opts.source,
    listingId: opts.listingId ?? null,
    offerId: opts.offerId ?? null,
    agentId: opts.agentId ?? null,
  });
  if (opts.emit) {
    const view = await repo.findLeadView(tx, { companyId, id: result.row.id });
    if (view) opts.emit([leadEvent(view, result.created ? 'created' : 'updated', result.created ? null : ['updatedAt', 'status'])]);
  }
  return result;
}
