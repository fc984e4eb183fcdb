import { addBusinessMinutes } from '@cd/contracts/routing-hours';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { completeJob, enqueueJob, type TJobHandler } from '../../jobs/outbox';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { customerEvent, findCustomer, updateCustomer, type TCustomerRow } from '../customers/customers.api';
import type { TAgentRepliesQueued, TInboundMessageStored } from '../messages/messages.api';
import { queueUserNotification } from '../notifications/notifications.api';
import { chooseAgent, ownerLeftEvent } from './routing-engine';
import { routingNotificationTexts } from './routing-texts';
import * as repo from './routing.repository';
import type { TRoutingSettingsRow, TRoutingWaitRow } from './routing.schema';

/**
 * Routing's reactions (attached in app.ts to messages' hooks) and its timed jobs (outbox, planned in the same
 * transaction as the inbound message; a reply completes them). docs/routing.md.
 */

export const JOB_ROUTING_REASSIGN = 'routing_reassign';
export const JOB_ROUTING_WARN = 'routing_sla_warn';
export const JOB_ROUTING_BREACH = 'routing_sla_breach';
/** Reassignments of one unanswered stretch at most (then the conversation stays where it is). */
export const MAX_REASSIGN_HOPS = 3;

type TEmit = (events: TLiveEventInput[]) => void;

/** The first-reply target of a wait starting at `from`: due and warning times, or nulls without a target. */
export function targetTimesOf(settings: TRoutingSettingsRow | null, timeZone: string, from: Date): { dueAt: Date | null; warnAt: Date | null } {
  if (!settings?.firstReplyMinutes) return { dueAt: null, warnAt: null };
  const calc = (minutes: number) => addBusinessMinutes({ from, minutes, hours: settings.businessHours, timeZone });
  let dueAt: Date;
  try {
    dueAt = calc(settings.firstReplyMinutes);
  } catch {
    // An unknown company time zone: count in UTC rather than lose the target.
    return targetTimesOf(settings, 'UTC', from);
  }
  return { dueAt, warnAt: calc((settings.firstReplyMinutes * settings.warnPercent) / 100) };
}

async function planReassign(tx: TTx, opts: { companyId: number; wait: TRoutingWaitRow; ownerId: number; minutes: number; hop: boolean }): Promise<void> {
  const id = await enqueueJob(tx, {
    companyId: opts.companyId,
    kind: JOB_ROUTING_REASSIGN,
    payload: { waitId: opts.wait.id, customerId: opts.wait.customerId, ownerId: opts.ownerId },
    runAt: new Date(Date.now() + opts.minutes * 60_000),
  });
  await repo.addWaitJobs(tx, { companyId: opts.companyId, id: opts.wait.id, jobIds: [id], hop: opts.hop });
}

/**
 * A customer's message (messages' `inboundMessageStored`, before the away reaction): a new conversation, or one
 * without an owner, goes through the company's rules; every routed message records its decision. The conversation's
 * unanswered stretch (its wait) opens here, with its target's warning and breach jobs and the reassignment job.
 * Keyword messages (STOP, START, HELP) are answered automatically and route nowhere.
 */
export async function routeInboundMessage(event: TInboundMessageStored): Promise<void> {
  const { tx, company, message } = event;
  if (event.keyword !== null) return;
  const companyId = company.id;
  const [settings, rules] = await Promise.all([repo.findSettings(tx, { companyId }), repo.listRules(tx, { companyId })]);
  if (!settings && !rules.length) return;
  let customer = event.customer;

  if (rules.length && (event.isNew || customer.userId === null)) {
    const previousUserId = customer.userId;
    const choice = await chooseAgent(tx, { rules, customerId: customer.id, channel: message.channel as never, text: message.content ?? '', exclude: [] });
    await repo.insertDecision(tx, {
      companyId,
      customerId: customer.id,
      messageId: message.id,
      kind: 'route',
      ruleId: choice.rule?.id ?? null,
      ruleName: choice.rule?.name ?? null,
      strategy: choice.rule?.strategy ?? null,
      chosenUserId: choice.userId,
      previousUserId,
      reason: choice.reason,
      skipped: choice.skipped,
    });
    if (choice.userId !== null && choice.userId !== customer.userId) {
      customer = (await updateCustomer(tx, { companyId, id: customer.id, values: { userId: choice.userId } }))!;
      if (previousUserId !== null && !event.isNew) event.emit([ownerLeftEvent(customer, previousUserId)]);
    }
  }

  const timeZone = await repo.findCompanyTimeZone(tx, { companyId });
  const now = new Date();
  const { dueAt, warnAt } = targetTimesOf(settings, timeZone, now);
  const wait = await repo.openWait(tx, { companyId, customerId: customer.id, startedAt: now, dueAt, warnAt });
  if (wait) {
    const jobIds: number[] = [];
    if (warnAt && dueAt) {
      jobIds.push(await enqueueJob(tx, { companyId, kind: JOB_ROUTING_WARN, payload: { waitId: wait.id, customerId: customer.id }, runAt: warnAt }));
      jobIds.push(await enqueueJob(tx, { companyId, kind: JOB_ROUTING_BREACH, payload: { waitId: wait.id, customerId: customer.id }, runAt: dueAt }));
    }
    if (jobIds.length) await repo.addWaitJobs(tx, { companyId, id: wait.id, jobIds });
    if (settings?.reassignMinutes && rules.length && customer.userId !== null)
      await planReassign(tx, { companyId, wait, ownerId: customer.userId, minutes: settings.reassignMinutes, hop: false });
    if (dueAt) {
      await repo.setResponseDue(tx, { companyId, customerIds: [customer.id], dueAt });
      customer = { ...customer, responseDueAt: dueAt };
    }
  }
  event.customer = customer;
}

/** An agent's reply (messages' `agentRepliesQueued`): the open waits close and their planned jobs are cancelled. */
export async function stopTimersOnReply(event: TAgentRepliesQueued): Promise<void> {
  const jobIds = await repo.closeWaits(event.tx, { companyId: event.companyId, customerIds: event.customerIds });
  if (!jobIds.length) return;
  await repo.cancelJobs(event.tx, { companyId: event.companyId, jobIds });
  await repo.setResponseDue(event.tx, { companyId: event.companyId, customerIds: event.customerIds, dueAt: null });
}

type TDeps = Pick<TAppDeps, 'db' | 'live' | 'jobs'>;

/** Where a notification opens the conversation (the messenger route of spec part 1). */
const conversationLink = (customerId: number) => `/communication/${customerId}/messenger`;

function label(c: TCustomerRow): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.phone || `#${c.id}`;
}

async function reassign(tx: TTx, emit: TEmit, opts: { companyId: number; waitId: number; ownerId: number }): Promise<void> {
  const { companyId } = opts;
  const wait = await repo.findWait(tx, { companyId, id: opts.waitId });
  if (!wait || wait.repliedAt) return;
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: wait.customerId });
  // Someone took it or it moved on since the job was planned: that owner's clock is not this job's.
  if (!customer || customer.userId !== opts.ownerId) return;
  const rules = await repo.listRules(tx, { companyId });
  const settings = await repo.findSettings(tx, { companyId });
  const choice = await chooseAgent(tx, {
    rules,
    customerId: customer.id,
    channel: (customer.preferredChannel ?? 'simulator') as never,
    text: '',
    exclude: [opts.ownerId],
  });
  await repo.insertDecision(tx, {
    companyId,
    customerId: customer.id,
    messageId: null,
    kind: 'reassign',
    ruleId: choice.rule?.id ?? null,
    ruleName: choice.rule?.name ?? null,
    strategy: choice.rule?.strategy ?? null,
    chosenUserId: choice.userId,
    previousUserId: opts.ownerId,
    reason: choice.userId === null ? choice.reason : 'unanswered',
    skipped: choice.skipped,
  });
  if (choice.userId === null) return;
  const updated = (await updateCustomer(tx, { companyId, id: customer.id, values: { userId: choice.userId } }))!;
  emit([customerEvent(updated, 'updated', { changes: ['user'] }), ownerLeftEvent(updated, opts.ownerId)]);
  const recipient = await repo.findRecipient(tx, { companyId, id: choice.userId });
  await queueUserNotification({
    tx,
    emit,
    notification: {
      companyId,
      userId: choice.userId,
      kind: 'conversation_assigned',
      ...routingNotificationTexts({ kind: 'assigned', language: recipient?.language ?? 'en', customerName: label(updated) }),
      data: { customerId: updated.id, link: conversationLink(updated.id) },
      dedupeKey: `routing-assign-${wait.id}-${wait.hops}`,
    },
  });
  if (settings?.reassignMinutes && wait.hops + 1 < MAX_REASSIGN_HOPS)
    await planReassign(tx, { companyId, wait, ownerId: choice.userId, minutes: settings.reassignMinutes, hop: true });
  else await repo.addWaitJobs(tx, { companyId, id: wait.id, jobIds: [], hop: true });
}

async function escalate(tx: TTx, emit: TEmit, opts: { companyId: number; waitId: number; stage: 'warn' | 'breach' }): Promise<void> {
  const { companyId } = opts;
  // Once only: the mark is set by exactly one run (a retried or duplicated job finds it set) and only while unanswered.
  if (!(await repo.markWait(tx, { companyId, id: opts.waitId, mark: opts.stage === 'warn' ? 'warned_at' : 'breached_at' }))) return;
  const wait = (await repo.findWait(tx, { companyId, id: opts.waitId }))!;
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: wait.customerId });
  if (!customer) return;
  let recipients: repo.TRecipient[];
  if (opts.stage === 'breach') recipients = await repo.listCompanyAdmins(tx, { companyId });
  else {
    const owner = customer.userId === null ? null : await repo.findRecipient(tx, { companyId, id: customer.userId });
    recipients = owner ? [owner] : [];
  }
  const timeZone = recipients.length && opts.stage === 'warn' ? await repo.findCompanyTimeZone(tx, { companyId }) : 'UTC';
  for (const recipient of recipients)
    await queueUserNotification({
      tx,
      emit,
      notification: {
        companyId,
        userId: recipient.id,
        kind: opts.stage === 'warn' ? 'response_time_warning' : 'response_time_breach',
        ...routingNotificationTexts({
          kind: opts.stage === 'warn' ? 'warning' : 'breach',
          language: recipient.language,
          customerName: label(customer),
          dueAt: wait.dueAt,
          timeZone,
        }),
        data: { customerId: customer.id, link: conversationLink(customer.id) },
        dedupeKey: `routing-${opts.stage}-${wait.id}`,
      },
    });
}

export function createRoutingJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  const run = (companyId: number | null, jobId: number, fn: (tx: TTx, emit: TEmit) => Promise<void>) =>
    companyId === null
      ? Promise.resolve()
      : runWithLiveEvents({
          deps,
          scope: { companyId },
          fn: async (tx, emit) => {
            await fn(tx, emit);
            await completeJob(tx, jobId);
          },
        });
  return {
    [JOB_ROUTING_REASSIGN]: async ({ job }) => {
      const p = job.payload as { waitId: number; ownerId: number };
      await run(job.companyId, job.id, (tx, emit) => reassign(tx, emit, { companyId: job.companyId!, waitId: Number(p.waitId), ownerId: Number(p.ownerId) }));
    },
    [JOB_ROUTING_WARN]: async ({ job }) => {
      const p = job.payload as { waitId: number };
      await run(job.companyId, job.id, (tx, emit) => escalate(tx, emit, { companyId: job.companyId!, waitId: Number(p.waitId), stage: 'warn' }));
    },
    [JOB_ROUTING_BREACH]: async ({ job }) => {
      const p = job.payload as { waitId: number };
      await run(job.companyId, job.id, (tx, emit) => escalate(tx, emit, { companyId: job.companyId!, waitId: Number(p.waitId), stage: 'breach' }));
    },
  };
}
