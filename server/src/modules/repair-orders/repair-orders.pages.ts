import { ZPublicVehicleReadyPageSchema, type TPublicApprovalPage, type TPublicStatusPage, type TPublicVehicleReadyPage } from '@cd/contracts/customer-link';
import { repairOrderStateOf } from '@cd/contracts/repair-order';
import { checkApprovalAnswers, sumLinePrices, ZLineApprovalAnswerSchema } from '@cd/contracts/repair-order-line';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { AppError, validationError, violationsFromZod } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCompanyRow } from '../companies/companies.api';
import { brandOfCompany, type TCustomerLinkRow, type TLinkPage } from '../customer-links/customer-links.api';
import { listEntityMedia, signedMediaUrl } from '../media/media.api';
import { findVehiclesByIds } from '../vehicles/vehicles.api';
import { applyLineDecisionsInTx } from './repair-order-lines.service';
import * as repo from './repair-orders.repository';
import type { TRepairOrderLineRow, TRepairOrderRow } from './repair-orders.schema';
import { LINE_MEDIA_ENTITY, loadCompany } from './repair-orders.service';

/** Photos on the approval page: signed URLs that live as long as someone reads a page, not as long as the link. */
const PAGE_MEDIA_TTL_SECONDS = 15 * 60;

interface TPageContext {
  company: TCompanyRow;
  order: TRepairOrderRow;
  lines: TRepairOrderLineRow[];
  head: { number: string; vehicle: { make: string; model: string; year: number } | null };
}

/** The order a link points at (of the link's company), or null: the page is then a 404. */
async function loadPageContext(tx: TTx, opts: { link: TCustomerLinkRow; forUpdate?: boolean }): Promise<TPageContext | null> {
  const { link } = opts;
  if (link.entity !== 'repair_order') return null;
  const order = await repo.findOrder(tx, { companyId: link.companyId, id: link.entityId, forUpdate: opts.forUpdate });
  if (!order || order.customerId !== link.customerId) return null;
  const company = await loadCompany(tx, order.companyId);
  const lines = await repo.listLinesOf(tx, { companyId: order.companyId, orderIds: [order.id] });
  const [vehicle] = order.vehicleId === null ? [] : await findVehiclesByIds(tx, { companyId: order.companyId, ids: [order.vehicleId] });
  return { company, order, lines, head: { number: order.number, vehicle: vehicle ? { make: vehicle.make, model: vehicle.model, year: vehicle.year } : null } };
}

async function statusPage(tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow }): Promise<TPublicStatusPage | null> {
  const c = await loadPageContext(tx, opts);
  if (!c) return null;
  return {
    purpose: 'status',
    company: await brandOfCompany(tx, { deps: opts.deps, company: c.company }),
    repairOrder: {
      ...c.head,
      title: c.order.title,
      status: c.order.status,
      state: repairOrderStateOf(c.order),
      promisedAt: c.order.promisedAt?.toISOString() ?? null,
      closedAt: c.order.closedAt?.toISOString() ?? null,
      lines: c.lines.map((l) => ({ description: l.description, status: l.status })),
    },
  };
}

/** The lines an approval page covers: those of the latest approval round that the shop did not withdraw. */
function approvalLinesOf(lines: TRepairOrderLineRow[]): TRepairOrderLineRow[] {
  const round = Math.max(0, ...lines.map((l) => l.approvalRound ?? 0));
  if (round === 0) return [];
  return lines.filter((l) => l.approvalRound === round && l.status !== 'rejected');
}

async function approvalPageOf(tx: TTx, opts: { deps: TAppDeps; c: TPageContext }): Promise<TPublicApprovalPage> {
  const { c, deps } = opts;
  const lines = approvalLinesOf(c.lines);
  const files = await listEntityMedia(tx, { companyId: c.order.companyId, entityName: LINE_MEDIA_ENTITY, entityIds: lines.map((l) => l.id) });
  const sums = sumLinePrices({ lines: lines.map((l) => ({ status: l.status, price: l.priceCents })) });
  const settled = lines.length > 0 && lines.every((l) => l.status !== 'pending');
  const answeredAt = settled ? new Date(Math.max(...lines.map((l) => l.decidedAt?.getTime() ?? 0))) : null;
  return {
    purpose: 'approval',
    company: await brandOfCompany(tx, { deps, company: c.company }),
    repairOrder: c.head,
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      price: l.priceCents,
      status: l.status as 'pending' | 'approved' | 'denied',
      files: files
        .filter((f) => f.entityId === l.id)
        .map((row) => ({
          url: signedMediaUrl({ config: deps.config, row, ttlSeconds: PAGE_MEDIA_TTL_SECONDS })!,
          thumbnailUrl: signedMediaUrl({ config: deps.config, row, thumbnail: true, ttlSeconds: PAGE_MEDIA_TTL_SECONDS }),
          mimeType: row.mimeType,
        })),
    })),
    totals: { pending: sums.pending, approved: sums.approved, denied: sums.denied },
    answeredAt: answeredAt?.toISOString() ?? null,
  };
}

/**
 * The customer's answer. The order row is locked first, so two submissions run one after the other; the second sees
 * the lines settled and is refused (409 `line_already_answered`), and each line update is conditional on `pending` as
 * well. Live events go through the link route's `emit`: recorded with the answer, broadcast after its commit.
 */
async function answerApproval(tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow; body: unknown; emit: (events: TLiveEventInput[]) => void }) {
  const parsed = ZLineApprovalAnswerSchema.safeParse(opts.body);
  if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
  const c = await loadPageContext(tx, { link: opts.link, forUpdate: true });
  if (!c) throw new AppError('not_found', 'link_not_found');
  if (c.order.closedAt !== null) throw new AppError('conflict', 'repair_order_closed');
  const check = checkApprovalAnswers({ lines: approvalLinesOf(c.lines).map((l) => ({ id: l.id, status: l.status })), answers: parsed.data.answers });
  if (!check.ok) {
    const p = check.problem;
    if (p.message === 'nothing_to_approve' || p.message === 'line_already_answered') throw new AppError('conflict', p.message);
    throw validationError([{ propertyPath: 'answers', message: p.message }]);
  }
  await applyLineDecisionsInTx(tx, { deps: opts.deps, order: c.order, decisions: check.decisions, decidedBy: 'customer', emit: opts.emit });
  const lines = await repo.listLinesOf(tx, { companyId: c.order.companyId, orderIds: [c.order.id] });
  return approvalPageOf(tx, { deps: opts.deps, c: { ...c, lines } });
}

/**
 * Vehicle ready: where and when to pick up. The amount due is the order's price plus its approved lines (the price
 * is the order's own part: labour or a flat amount the DMS gave; denied, rejected and pending lines are not owed).
 */
async function vehicleReadyPage(tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow }): Promise<TPublicVehicleReadyPage | null> {
  const c = await loadPageContext(tx, opts);
  if (!c) return null;
  const approved = sumLinePrices({ lines: c.lines.map((l) => ({ status: l.status, price: l.priceCents })) }).approved;
  const hours = ZPublicVehicleReadyPageSchema.shape.pickup.shape.hours.safeParse(c.company.hours);
  return {
    purpose: 'vehicle_ready',
    company: await brandOfCompany(tx, { deps: opts.deps, company: c.company }),
    repairOrder: c.head,
    readyAt: c.order.vehicleReadySentAt?.toISOString() ?? null,
    pickup: { address: c.company.address, phone: c.company.phone, hours: hours.success ? hours.data : null, timezone: c.company.timezone },
    amountDue: c.order.priceCents + approved,
  };
}

export const statusLinkPage: TLinkPage = { read: statusPage };

export const approvalLinkPage: TLinkPage = {
  read: async (tx, opts) => {
    const c = await loadPageContext(tx, opts);
    return c ? approvalPageOf(tx, { deps: opts.deps, c }) : null;
  },
  answer: answerApproval,
};

export const vehicleReadyLinkPage: TLinkPage = { read: vehicleReadyPage };
