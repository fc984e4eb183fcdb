import type { TMessageStatus } from '@cd/contracts/message';
import { runInScope, type TDatabase, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { recordLiveEvents } from '../../live/live.repository';
import type { TLiveEventInput, TStoredLiveEvent } from '../../live/live.types';
import { findCompany } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.api';
import { customerEvent, customerScopeOf } from '../customers/customers.service';
import { findMediaRows, type TMediaRow } from '../media/media.api';
import { blockReason, checkSendInput, lastMessageOf, messageEvent, presentMessage, resolveChannel, type TSendRequest } from './message-rules';
import { agentRepliesQueued } from './messages.hooks';
import { enqueueSendMessages } from './messages.jobs';
import * as repo from './messages.repository';
import { sendMessage } from './messages.service';

// Group commit for staff sends (docs/decisions.md, "Accepting sends in batches"): the sends of one company that
// arrive while a batch of that company is being written form the next batch, written in one transaction with
// set-based statements. No timer: a lone send is written on the next turn of the event loop. Each send keeps its own rules and its own answer.

type TMessageResource = ReturnType<typeof presentMessage>;
type TOutcome = { ok: true; value: TMessageResource } | { ok: false; error: unknown };

interface TPending {
  req: TSendRequest;
  resolve: (m: TMessageResource) => void;
  reject: (err: unknown) => void;
}

interface TLane {
  pending: TPending[];
  /** A batch is being written, or is about to be (started on the next turn of the event loop). */
  busy: boolean;
}

/** Sends written by one transaction at most. */
export const MAX_SEND_BATCH = 100;

// One lane per company per database (an app); lanes of other companies write in parallel.
const lanesByDb = new WeakMap<TDatabase, Map<number, TLane>>();

/** Accepts a staff send: written with the other sends of its company waiting at that moment; answers as sendMessage. */
export function acceptSend(req: TSendRequest): Promise<TMessageResource> {
  checkSendInput(req);
  const companyId = customerScopeOf(req.ctx).companyId;
  let lanes = lanesByDb.get(req.ctx.db);
  if (!lanes) lanesByDb.set(req.ctx.db, (lanes = new Map()));
  let lane = lanes.get(companyId);
  if (!lane) lanes.set(companyId, (lane = { pending: [], busy: false }));
  const promise = new Promise<TMessageResource>((resolve, reject) => lane.pending.push({ req, resolve, reject }));
  if (!lane.busy) {
    lane.busy = true;
    // Not a timer: the batch starts once the requests read in this turn of the event loop have joined it.
    setImmediate(() => void runLane({ lanes, companyId, lane }));
  }
  return promise;
}

async function runLane(opts: { lanes: Map<number, TLane>; companyId: number; lane: TLane }): Promise<void> {
  const { lane } = opts;
  try {
    while (lane.pending.length) await settleBatch({ companyId: opts.companyId, batch: lane.pending.splice(0, MAX_SEND_BATCH) });
  } finally {
    lane.busy = false;
    opts.lanes.delete(opts.companyId);
  }
}

/** Writes a batch and answers each of its requests; never throws. */
async function settleBatch(opts: { companyId: number; batch: TPending[] }): Promise<void> {
  const { batch } = opts;
  const deps = batch[0]!.req.ctx;
  let reachedCommit = false;
  let stored: TStoredLiveEvent[] = [];
  let outcomes: TOutcome[];
  try {
    outcomes = await runInScope(deps.db, { companyId: opts.companyId }, async (tx) => {
      const { outcomes, events } = await writeBatch({ tx, companyId: opts.companyId, reqs: batch.map((p) => p.req) });
      stored = await recordLiveEvents(tx, events);
      reachedCommit = true;
      return outcomes;
    });
  } catch (err) {
    // A failed COMMIT may still have committed: sending each again could store it twice, so it fails as one send would.
    if (reachedCommit) {
      for (const p of batch) p.reject(err);
      return;
    }
    // Something unexpected (a row gone between read and write, a lost connection): one bad send must not fail the
    // others, so each is tried alone through the single-send path.
    await Promise.all(batch.map((p) => sendMessage(p.req).then(p.resolve, p.reject)));
    return;
  }
  try {
    deps.live.broadcast(stored);
    if (outcomes.some((o) => o.ok)) deps.jobs.wake();
  } catch (err) {
    // Committed but not announced: answered as runWithLiveEvents would (an error), never left hanging.
    for (const p of batch) p.reject(err);
    return;
  }
  outcomes.forEach((o, i) => (o.ok ? batch[i]!.resolve(o.value) : batch[i]!.reject(o.error)));
}

interface TPlan {
  index: number;
  req: TSendRequest;
  customer: TCustomerRow;
  media: TMediaRow[];
  values: Parameters<typeof repo.insertMessages>[1][number];
}

/**
 * The batch's statements: one company read, one customer read, one media read (if any), then one multi-row
 * statement per table. A send refused by its own rules (an AppError, the same sendMessage throws) settles only its
 * request; any other error aborts the whole batch.
 */
async function writeBatch(opts: { tx: TTx; companyId: number; reqs: TSendRequest[] }): Promise<{ outcomes: TOutcome[]; events: TLiveEventInput[] }> {
  const { tx, companyId, reqs } = opts;
  const outcomes: TOutcome[] = new Array(reqs.length);
  const company = await findCompany(tx, companyId);
  if (!company) {
    const error = new AppError('not_found', 'Company not found.');
    return { outcomes: reqs.map(() => ({ ok: false, error })), events: [] };
  }
  const found = await customersRepo.findCustomersByIds(tx, { companyId, ownerId: null, ids: [...new Set(reqs.map((r) => r.customerId))] });
  const customersById = new Map(found.map((c) => [c.id, c]));
  const mediaIds = [...new Set(reqs.flatMap((r) => r.mediaIds))];
  const allMedia = mediaIds.length ? await findMediaRows(tx, { companyId, ids: mediaIds }) : [];

  const plans: TPlan[] = [];
  for (const [index, req] of reqs.entries()) {
    try {
      plans.push(await planSend({ tx, company, req, index, customersById, allMedia }));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes[index] = { ok: false, error: err };
    }
  }

  const rows = await repo.insertMessages(
    tx,
    plans.map((p) => p.values),
  );
  await repo.linkAttachmentsOfMany(tx, { companyId, links: plans.map((p, n) => ({ messageId: rows[n]!.id, mediaIds: p.req.mediaIds })) });
  await enqueueSendMessages(tx, {
    companyId,
    sends: plans.flatMap((p, n) => (p.values.status === 'blocked' ? [] : [{ messageId: rows[n]!.id, runAt: p.req.scheduledAt }])),
  });
  const replied = [...new Set(plans.filter((p) => p.values.status === 'SENDING').map((p) => p.customer.id))];
  if (replied.length) await agentRepliesQueued.run({ tx, companyId, customerIds: replied });
  // Replying reads the conversation; a scheduled message does not bump it until it goes out.
  await customersRepo.upsertReadStates(tx, { companyId, pairs: plans.map((p) => ({ customerId: p.customer.id, userId: p.req.ctx.actor.user.id })) });
  // Several sends to one customer: the latest (highest id) is its last message.
  const bumps = new Map<number, { id: number; bumpedAt: Date; lastMessage: ReturnType<typeof lastMessageOf> }>();
  plans.forEach((p, n) => {
    const m = rows[n]!;
    if (m.status !== 'scheduled') bumps.set(p.customer.id, { id: p.customer.id, bumpedAt: m.createdAt, lastMessage: lastMessageOf(m, p.media.length > 0) });
  });
  const updated = await customersRepo.bumpCustomers(tx, { companyId, bumps: [...bumps.values()] });

  const events: TLiveEventInput[] = plans.map((p, n) => messageEvent(p.req.ctx, p.customer, rows[n]!, 'created', { attachments: p.media }));
  for (const c of updated) events.push(customerEvent(c, 'updated', { changes: ['bumpedAt', 'lastMessage'] }));
  plans.forEach((p, n) => (outcomes[p.index] = { ok: true, value: presentMessage(p.req.ctx, rows[n]!, p.media) }));
  return { outcomes, events };
}

/** One send's own rules, in sendMessage's order: the actor sees the customer, a channel, the channel's consent, the files. */
async function planSend(opts: {
  tx: TTx;
  company: NonNullable<Awaited<ReturnType<typeof findCompany>>>;
  req: TSendRequest;
  index: number;
  customersById: Map<number, TCustomerRow>;
  allMedia: TMediaRow[];
}): Promise<TPlan> {
  const { tx, company, req } = opts;
  const { ctx } = req;
  const type = req.type ?? 'STANDARD';
  const scope = customerScopeOf(ctx);
  const customer = opts.customersById.get(req.customerId);
  // As findCustomer with the actor's scope: a non-admin sees only the customers they own.
  if (!customer || (scope.ownerId !== null && customer.userId !== scope.ownerId)) throw new AppError('not_found', 'Customer not found.');
  const channel = resolveChannel(ctx, company, customer, req.channel);
  const hasInboundSince = (since: Date) => repo.hasInboundMessageSince(tx, { companyId: company.id, customerId: customer.id, channel, since });
  const refusal = await ctx.channels[channel]?.refuseSend?.({ company, type, hasInboundSince });
  if (refusal) throw new AppError('validation_failed', refusal, [{ propertyPath: 'channel', message: refusal }]);
  const media = opts.allMedia.filter((m) => req.mediaIds.includes(m.id));
  if (media.length !== req.mediaIds.length) throw validationError([{ propertyPath: 'file', message: 'An attachment was not found.' }]);
  const blocked = req.scheduledAt ? null : blockReason(company, customer, type);
  const status: TMessageStatus = req.scheduledAt ? 'scheduled' : blocked ? 'blocked' : 'SENDING';
  return {
    index: opts.index,
    req,
    customer,
    media,
    values: {
      companyId: company.id,
      customerId: customer.id,
      userId: ctx.actor.user.id,
      direction: 'OUTBOUND',
      status,
      type,
      channel,
      sender: 'agent',
      content: req.content.trim() || null,
      scheduledAt: req.scheduledAt ?? null,
      errorMessage: blocked,
    },
  };
}
