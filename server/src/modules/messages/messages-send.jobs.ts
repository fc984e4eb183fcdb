import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus } from '@cd/contracts/message';
import { ChannelSendError, type TOutboundMessage, type TSendResult } from '../../channels/channel.types';
import { runInScope } from '../../db/client';
import { completeJobs, enqueueJobs, rescheduleJobs, type TBatchJobHandler, type TBatchOutcome, type TJob } from '../../jobs/outbox';
import { runWithCallSubject } from '../../lib/outside-calls/call-subject';
import { nextSendingTime } from '../../lib/quiet-hours';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCompanyRow } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import { customerEvent } from '../customers/customers.service';
import { signedMediaUrl, type TMediaRow } from '../media/media.api';
import { blockReason, lastMessageOf, loadCompany, messageEvent, type TMessagesDeps } from './message-rules';
import * as repo from './messages.repository';
import type { TMessageRow } from './messages.schema';

// The send job, worked in batches (jobs/outbox.ts, TBatchJobHandler): one transaction per company prepares and
// stamps many messages, the provider calls overlap, one transaction records many answers.

type TDeps = TMessagesDeps;

export const JOB_SEND_MESSAGE = 'send_message';
export const JOB_SIMULATOR_STATUS = 'simulator_status';

const SEND_ATTEMPTS = 6;
const SIMULATOR_DELIVERY_MS = 700;

interface TSendWork {
  message: TMessageRow;
  outbound: TOutboundMessage;
  attachments: TMediaRow[];
  /** Start of an earlier attempt whose outcome is unknown: the provider is asked before sending again. */
  previousAttempt: Date | null;
}

/** What one send ended with; `unresolved` leaves the message as it is and tries the job again later. */
type TSendRun = { kind: 'sent'; result: TSendResult } | { kind: 'unresolved'; error: unknown };

function groupByCompany<T>(items: T[], companyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(companyOf(item));
    if (group) group.push(item);
    else groups.set(companyOf(item), [item]);
  }
  return groups;
}

function outboundOf(deps: TDeps, company: TCompanyRow, m: TMessageRow, to: TOutboundMessage['to'], attachments: TMediaRow[]): TOutboundMessage {
  const media = attachments.map((a) => ({
    url: signedMediaUrl({ config: deps.config, row: a, absolute: true, ttlSeconds: 24 * 3600 })!,
    mimeType: a.mimeType,
    fileName: a.originalFileName,
    size: a.size,
  }));
  return { company, messageId: m.id, type: m.type, to, body: m.content ?? '', mediaUrls: media.map((x) => x.url), media };
}

/**
 * Readies one company's claimed sends in one transaction: jobs with nothing (left) to send are completed, automated
 * and group sends in the recipient's quiet hours are moved to the end of them, scheduled messages whose time has
 * come are checked against the rules again, and the rest are stamped (one statement) before any provider call.
 */
async function prepareCompanySends(deps: TDeps, companyId: number, jobs: TJob[], works: Map<number, TSendWork>): Promise<void> {
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const messages = new Map((await repo.findMessagesByIds(tx, { companyId, ids: jobs.map((j) => Number(j.payload.messageId)) })).map((m) => [m.id, m]));
      const done: number[] = [];
      const claimed = new Set<number>();
      const pending = jobs.flatMap((job) => {
        const m = messages.get(Number(job.payload.messageId));
        // A second job of the same message (sent now while its scheduled job came due) leaves it to the first.
        if (!m || !['SENDING', 'scheduled'].includes(m.status) || m.providerMessageId || claimed.has(m.id)) {
          done.push(job.id);
          return [];
        }
        claimed.add(m.id);
        return [{ job, m }];
      });
      if (!pending.length) return completeJobs(tx, done);
      const company = await loadCompany(tx, companyId);
      const customers = new Map(
        (await customersRepo.findCustomersByIds(tx, { companyId, ownerId: null, ids: [...new Set(pending.map((p) => p.m.customerId))] })).map((c) => [c.id, c]),
      );
      const events: TLiveEventInput[] = [];
      const held: { jobId: number; runAt: Date; error: string }[] = [];
      const sendable: { job: TJob; m: TMessageRow; to: TOutboundMessage['to'] }[] = [];
      const ocs = company.ocs as { quietHoursStart?: string | null; quietHoursEnd?: string | null };
      for (const { job, m } of pending) {
        let customer = customers.get(m.customerId);
        if (!customer) {
          done.push(job.id);
          continue;
        }
        // Automated and group sends wait for the recipient's sending window; an agent's reply in a live
        // conversation is never held, nor is anything on website chat (the visitor is on the page right now).
        if ((m.sender === 'system' || m.groupMessageId !== null) && m.channel !== 'webchat' && deps.config.quietHours) {
          const next = nextSendingTime({
            now: new Date(),
            timeZone: customer.timezone ?? company.timezone,
            start: ocs.quietHoursStart,
            end: ocs.quietHoursEnd,
          });
          if (next) {
            held.push({ jobId: job.id, runAt: next, error: 'held for quiet hours' });
            continue;
          }
        }
        const blocked = blockReason(company, customer, m.type);
        let row = m;
        if (m.status === 'scheduled') {
          // Its time has come: the rules are checked again now, not when it was written.
          row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: blocked ? 'blocked' : 'SENDING', errorMessage: blocked } }))!;
          customer = (await customersRepo.updateCustomer(tx, {
            companyId,
            id: customer.id,
            values: { bumpedAt: new Date(), lastMessage: lastMessageOf(row, false) },
          }))!;
          events.push(
            messageEvent(deps, customer, row, 'updated', { changes: ['status'] }),
            customerEvent(customer, 'updated', { changes: ['bumpedAt', 'lastMessage'] }),
          );
        } else if (blocked) {
          row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: 'blocked', errorMessage: blocked } }))!;
          events.push(messageEvent(deps, customer, row, 'updated', { changes: ['status'] }));
        }
        if (blocked) {
          done.push(job.id);
          continue;
        }
        if (!deps.channels[row.channel as TChannel]) {
          row = (await repo.updateMessage(tx, {
            companyId,
            id: m.id,
            values: { status: 'FAILED', errorMessage: `Channel ${row.channel} is not available.` },
          }))!;
          events.push(messageEvent(deps, customer, row, 'updated', { changes: ['status'] }));
          done.push(job.id);
          continue;
        }
        sendable.push({ job, m: row, to: { phone: customer.phone, viberUserId: customer.viberUserId, webchatVisitorId: customer.webchatVisitorId } });
      }
      const at = new Date();
      const stamped = new Set(await repo.stampSendAttempts(tx, { companyId, ids: sendable.filter((s) => !s.m.attemptStartedAt).map((s) => s.m.id), at }));
      const attachments = await repo.listAttachments(tx, { companyId, messageIds: sendable.map((s) => s.m.id) });
      for (const { job, m, to } of sendable) {
        // Changed by someone else since it was read: looked at again on the next try, not sent now.
        if (!m.attemptStartedAt && !stamped.has(m.id)) {
          held.push({ jobId: job.id, runAt: new Date(Date.now() + 1000), error: 'message changed while preparing its send' });
          continue;
        }
        const own = attachments.filter((a) => a.messageId === m.id);
        const message = m.attemptStartedAt ? m : { ...m, attemptStartedAt: at, attempt: m.attempt + 1 };
        works.set(job.id, { message, outbound: outboundOf(deps, company, m, to, own), attachments: own, previousAttempt: m.attemptStartedAt });
      }
      await completeJobs(tx, done);
      await rescheduleJobs(tx, held);
      emit(events);
    },
  });
}

/**
 * One provider call. A send whose earlier attempt may have reached the provider (a worker died between the call and
 * recording its answer) first asks the provider whether it has the message and adopts it instead of sending again;
 * only when it has not is the attempt stamped anew (committed before the call, as every first attempt is).
 */
async function runSend(deps: TDeps, work: TSendWork): Promise<TSendRun> {
  const { message, outbound } = work;
  const adapter = deps.channels[message.channel as TChannel]!;
  if (work.previousAttempt) {
    try {
      const found = await adapter.findSent({ ...outbound, attemptStartedAt: work.previousAttempt });
      if (found) return { kind: 'sent', result: found };
      await runInScope(deps.db, { companyId: message.companyId }, (tx) =>
        repo.updateMessage(tx, { companyId: message.companyId, id: message.id, values: { attemptStartedAt: new Date(), attempt: message.attempt + 1 } }),
      );
    } catch (error) {
      // The earlier attempt stays unresolved: its stamp must survive for the next try to ask again.
      return { kind: 'unresolved', error };
    }
  }
  try {
    return { kind: 'sent', result: await adapter.send(outbound) };
  } catch (error) {
    if (error instanceof ChannelSendError) throw error;
    return { kind: 'unresolved', error };
  }
}

/** Records one company's provider answers in one transaction, completing their jobs; returns the jobs to try again. */
async function finishCompanySends(
  deps: TDeps,
  companyId: number,
  items: { job: TJob; work: TSendWork; outcome: TBatchOutcome<TSendRun> }[],
): Promise<{ job: TJob; error: unknown }[]> {
  const retries: { job: TJob; error: unknown }[] = [];
  const sent: { job: TJob; work: TSendWork; result: TSendResult }[] = [];
  const failed: { job: TJob; work: TSendWork; error: ChannelSendError }[] = [];
  const refused: number[] = [];
  for (const { job, work, outcome } of items) {
    if (outcome.ok) {
      if (outcome.value.kind === 'sent') sent.push({ job, work, result: outcome.value.result });
      else retries.push({ job, error: outcome.value.error });
    } else if (!(outcome.error instanceof ChannelSendError)) retries.push({ job, error: outcome.error });
    else if (outcome.error.opts.permanent || job.attempts >= SEND_ATTEMPTS) failed.push({ job, work, error: outcome.error });
    else {
      // A refused request certainly did not go out; only an unanswered one needs reconciling on the next try.
      if (!outcome.error.opts.outcomeUnknown) refused.push(work.message.id);
      retries.push({ job, error: outcome.error });
    }
  }
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const now = new Date();
      const rows = await repo.recordSendResults(tx, {
        companyId,
        sentAt: now,
        results: sent.map((s) => ({ id: s.work.message.id, providerMessageId: s.result.providerMessageId, status: s.result.status })),
      });
      for (const { work, error } of failed)
        rows.push(
          (await repo.updateMessage(tx, {
            companyId,
            id: work.message.id,
            values: { status: 'FAILED', errorCode: error.opts.code ?? null, errorMessage: error.message.slice(0, 500), attemptStartedAt: null },
          }))!,
        );
      await repo.clearSendAttempts(tx, { companyId, ids: refused });
      await completeJobs(
        tx,
        [...sent, ...failed].map((s) => s.job.id),
      );
      await enqueueJobs(
        tx,
        sent
          .filter((s) => s.work.message.channel === 'simulator')
          .map((s) => ({
            companyId,
            kind: JOB_SIMULATOR_STATUS,
            payload: { messageId: s.work.message.id, providerMessageId: s.result.providerMessageId, status: 'DELIVERED' satisfies TMessageStatus },
            runAt: new Date(Date.now() + SIMULATOR_DELIVERY_MS),
          })),
      );
      const customers = new Map(
        (await customersRepo.findCustomersByIds(tx, { companyId, ownerId: null, ids: [...new Set(rows.map((r) => r.customerId))] })).map((c) => [c.id, c]),
      );
      const attachmentsOf = new Map(items.map((i) => [i.work.message.id, i.work.attachments]));
      emit(
        rows.flatMap((row) => {
          const customer = customers.get(row.customerId);
          return customer ? [messageEvent(deps, customer, row, 'updated', { attachments: attachmentsOf.get(row.id) ?? [], changes: ['status'] })] : [];
        }),
      );
    },
  });
  return retries;
}

/**
 * The send job. The attempt is stamped (and committed) before the provider call; if a worker dies after the call but
 * before recording its result, the next run asks the provider whether it already has the message and adopts it
 * instead of sending again. Nothing is lost (the job stays until it completes) and nothing is doubled.
 */
export function createSendMessageBatchHandler(deps: TDeps): TBatchJobHandler<TSendWork, TSendRun> {
  return {
    async prepare({ jobs }) {
      const ready = new Map<number, TSendWork>();
      const failed: { job: TJob; error: unknown }[] = [];
      for (const [companyId, group] of groupByCompany(jobs, (j) => j.companyId!))
        await prepareCompanySends(deps, companyId, group, ready).catch((error) => failed.push(...group.map((job) => ({ job, error }))));
      return { ready, failed };
    },
    // The provider calls of this send land in the outgoing API log under the message (lib/outside-calls).
    run: ({ work }) => runWithCallSubject({ companyId: work.message.companyId, subjectType: 'message', subjectId: work.message.id }, () => runSend(deps, work)),
    async finish({ items }) {
      const retries: { job: TJob; error: unknown }[] = [];
      for (const [companyId, group] of groupByCompany(items, (i) => i.work.message.companyId))
        retries.push(...(await finishCompanySends(deps, companyId, group)));
      return retries;
    },
  };
}
