import {
  AUTOMATED_MESSAGE_KINDS,
  AUTOMATED_MESSAGE_STATE_INFO,
  canMoveAutomatedMessage,
  parseAutomatedMessageKey,
  type TAutomatedMessageState,
} from '@cd/contracts/automated-message';
import { CUSTOMER_LINK_PURPOSE_INFO, customerLinkUrl, type TCustomerLinkPurpose } from '@cd/contracts/customer-link';
import { renderModifiers, type TModifierField, type TModifierValues, type TRenderProblem } from '@cd/contracts/message-modifiers';
import type { TChannel } from '@cd/contracts/customer';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { completeJob, enqueueJob, type TJob, type TJobHandler } from '../../jobs/outbox';
import { AppError } from '../../lib/errors';
import { nextSendingTime } from '../../lib/quiet-hours';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { createCustomerLink, linkPurposesIn } from '../customer-links/customer-links.api';
import * as customersApi from '../customers/customers.api';
import { blockReason, lastMessageOf, messageEvent, queueSystemMessage, resolveChannel } from '../messages/messages.api';
import { automatedMessageEvent } from './automations.presenter';
import * as repo from './automations.repository';
import type { TAutomatedMessageRow } from './automations.schema';
import { JOB_AUTOMATED_MESSAGE } from './automations.service';
import { automationSettledOf, automationSourceOf } from './automations.sources';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

/** Safe mode is switched off by a person, not by the clock: look again every so often, and not forever. */
export const SAFE_MODE_RECHECK_MS = 15 * 60 * 1000;
export const SAFE_MODE_GIVE_UP_MS = 7 * 24 * 3600 * 1000;

/** reasonKey of a message whose company text is empty (the company did not write one, or emptied it). */
export const NOT_CONFIGURED = 'automated_message_not_configured';
/** reasonKey of a message still held by safe mode after SAFE_MODE_GIVE_UP_MS. */
export const SAFE_MODE_EXPIRED = 'automated_message_safe_mode_expired';

/** States a due job may still act on; sent, skipped, cancelled and failed wait for nobody (failed: a re-plan). */
const ACTIONABLE: readonly TAutomatedMessageState[] = ['planned', 'held_quiet_hours', 'held_safe_mode'];

/** The company's text of a field ('automotiveMessages.vehicleReady' → company.automotiveMessages.vehicleReady). */
export function companyTextOf(company: TCompanyRow, field: TModifierField): string | null {
  const [group, key] = field.split('.') as [string, string];
  const settings = (company as unknown as Record<string, unknown>)[group];
  const value = settings && typeof settings === 'object' ? (settings as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function describeProblem(problem: TRenderProblem): string {
  return 'modifier' in problem ? `${problem.message}: ${problem.modifier}` : problem.message;
}

/** A placeholder link while checking that a text renders at all, so a refused text leaves no links behind. */
const PLACEHOLDER_CODE = 'x'.repeat(12);

type TOutcome =
  | { state: 'sent'; values: repo.TAutomatedMessageChange; messageStatus: string }
  | { state: Exclude<TAutomatedMessageState, 'sent'>; values: repo.TAutomatedMessageChange; retryAt?: Date };

/**
 * Decides and does what a due message needs, inside the job's transaction (so the decision, the message, the links
 * and the job's completion commit together or not at all). Order: still due? → text → consent → safe mode → quiet
 * hours → channel → render → send.
 */
async function decide(tx: TTx, deps: TDeps, row: TAutomatedMessageRow, emit: (e: TLiveEventInput[]) => void): Promise<TOutcome> {
  const { companyId } = row;
  const info = AUTOMATED_MESSAGE_KINDS[row.kind];
  const cancelled = (reasonKey: string, error: string | null = null): TOutcome => ({ state: 'cancelled', values: { reasonKey, error, heldUntil: null } });

  const source = automationSourceOf(row.entity);
  // No registered source: the module adds no values and has nothing to veto (documented in automations.sources.ts).
  const context = source
    ? await source(tx, { companyId, entityId: row.entityId, kind: row.kind, occurrence: parseAutomatedMessageKey(row.key)?.occurrence ?? null })
    : { due: true };
  if (!context || !context.due) return cancelled(AUTOMATED_MESSAGE_STATE_INFO.cancelled.reasonKey);

  const company = await findCompany(tx, companyId);
  const customer = await customersApi.findCustomer(tx, { companyId, ownerId: null, id: row.customerId });
  if (!company || !customer) return cancelled(AUTOMATED_MESSAGE_STATE_INFO.cancelled.reasonKey);
  // The source's preferred text when the company wrote it, else the kind's own (rendered under the rules of its field).
  const preferred = context.preferredField ? companyTextOf(company, context.preferredField) : null;
  const field: TModifierField = preferred && context.preferredField ? context.preferredField : info.field;
  const text = preferred ?? companyTextOf(company, info.field);
  if (!text) return cancelled(NOT_CONFIGURED);

  if (customer.optOut) return { state: 'skipped_opted_out', values: { error: blockReason(company, customer, info.messageType), heldUntil: null } };
  const blocked = blockReason(company, customer, info.messageType);
  if (blocked) {
    if (Date.now() - row.dueAt.getTime() > SAFE_MODE_GIVE_UP_MS) return cancelled(SAFE_MODE_EXPIRED, blocked);
    return { state: 'held_safe_mode', values: { error: blocked, heldUntil: null }, retryAt: new Date(Date.now() + SAFE_MODE_RECHECK_MS) };
  }

  if (deps.config.quietHours) {
    // The recipient's clock when known, else the company's; the window the company set (as the send job does).
    const ocs = company.ocs as { quietHoursStart?: string | null; quietHoursEnd?: string | null };
    const next = nextSendingTime({ now: new Date(), timeZone: customer.timezone ?? company.timezone, start: ocs.quietHoursStart, end: ocs.quietHoursEnd });
    if (next) return { state: 'held_quiet_hours', values: { heldUntil: next, error: null }, retryAt: next };
  }

  let channel: TChannel;
  try {
    channel = resolveChannel(deps, company, customer);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { state: 'skipped_no_channel', values: { error: err.message, heldUntil: null } };
  }

  const purposes = linkPurposesIn(text);
  const base: TModifierValues = {
    ...context.values,
    customerName: [customer.firstName, customer.lastName].filter((p) => p.trim() !== '').join(' ') || null,
    companyName: company.name,
  };
  const withLinks = (codes: Map<TCustomerLinkPurpose, string>): TModifierValues => {
    const values = { ...base };
    for (const p of purposes) values[p.name] = customerLinkUrl({ publicUrl: deps.config.publicUrl, code: codes.get(p.purpose)! });
    return values;
  };
  const trial = renderModifiers({ text, field, values: withLinks(new Map(purposes.map((p) => [p.purpose, PLACEHOLDER_CODE]))) });
  if (!trial.ok) return { state: 'failed', values: { error: describeProblem(trial.problem), heldUntil: null } };

  const codes = new Map<TCustomerLinkPurpose, string>();
  for (const p of purposes) {
    const link = await createCustomerLink(tx, {
      companyId,
      customerId: customer.id,
      purpose: p.purpose,
      // A booking link belongs to the customer (any appointment of theirs), every other link to the message's entity.
      ...(CUSTOMER_LINK_PURPOSE_INFO[p.purpose].entity === 'customer'
        ? { entity: 'customer', entityId: customer.id }
        : { entity: row.entity, entityId: row.entityId }),
      automatedMessageId: row.id,
    });
    codes.set(p.purpose, link.code);
  }
  const rendered = renderModifiers({ text, field, values: withLinks(codes) });
  if (!rendered.ok) throw new Error(`automated message ${row.id}: rendered with placeholders but not with links`);

  const message = await queueSystemMessage(tx, deps, { company, customer, channel, content: rendered.text, type: info.messageType });
  const now = new Date();
  const bumped = (await customersApi.updateCustomer(tx, {
    companyId,
    id: customer.id,
    values: { bumpedAt: now, lastMessage: lastMessageOf(message, false) },
  }))!;
  emit([messageEvent(deps, bumped, message, 'created'), customersApi.customerEvent(bumped, 'updated', { changes: ['bumpedAt', 'lastMessage'] })]);
  return {
    state: 'sent',
    values: { sentAt: now, messageId: message.id, channel, content: rendered.text, heldUntil: null, error: null, reasonKey: null },
    messageStatus: message.status,
  };
}

/**
 * The job of one due automated message (payload `{automatedMessageId, dueAt}`). A job whose due time is not the row's
 * any more belongs to an earlier plan and does nothing; a final row is never touched again. Everything — the state,
 * the links, the message and its send job, this job's completion — commits in one transaction under the row's lock,
 * so a crash at any point either left nothing or everything, and a message is sent once.
 */
export function createAutomatedMessageHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const id = Number(job.payload.automatedMessageId);
    const dueAt = String(job.payload.dueAt);
    const companyId = job.companyId ?? (await runInScope(deps.db, { companyId: null, system: true }, (tx) => repo.findCompanyIdOf(tx, id)));
    if (companyId === undefined) return;
    const sent = await runWithLiveEvents({
      deps,
      scope: { companyId },
      fn: async (tx, emit) => {
        const row = await repo.lockAutomatedMessage(tx, { companyId, id });
        if (!row || !ACTIONABLE.includes(row.state) || row.dueAt.toISOString() !== dueAt) {
          await completeJob(tx, job.id);
          return false;
        }
        const outcome = await decide(tx, deps, row, emit);
        if (!canMoveAutomatedMessage({ from: row.state, to: outcome.state }) && outcome.state !== row.state)
          throw new Error(`automated message ${row.id}: ${row.state} → ${outcome.state} is not a move`);
        const updated = await repo.updateAutomatedMessage(tx, {
          companyId,
          id,
          values: { reasonKey: null, ...outcome.values, state: outcome.state },
        });
        await completeJob(tx, job.id);
        const settled = automationSettledOf(row.entity);
        if (settled && (outcome.state === 'sent' || AUTOMATED_MESSAGE_STATE_INFO[outcome.state].final))
          await settled(tx, {
            companyId,
            entityId: row.entityId,
            kind: row.kind,
            state: outcome.state,
            sentAt: updated.sentAt,
            messageId: updated.messageId,
            reasonKey: updated.reasonKey,
            deps,
            emit,
          });
        // A held message waits in a fresh job (same payload): a wait of days never uses up the job's retry budget.
        if ('retryAt' in outcome && outcome.retryAt) await enqueueNext(tx, job, outcome.retryAt);
        const changed = row.state !== updated.state || row.heldUntil?.getTime() !== updated.heldUntil?.getTime();
        if (changed || outcome.state === 'sent')
          emit([automatedMessageEvent(updated, outcome.state === 'sent' ? outcome.messageStatus : null, ['state', 'heldUntil', 'sentAt', 'content'])]);
        return outcome.state === 'sent';
      },
    });
    // Its send job is committed: let the worker pick it up now rather than at the next poll.
    if (sent) deps.jobs.wake();
  };
}

async function enqueueNext(tx: TTx, job: TJob, runAt: Date): Promise<void> {
  await enqueueJob(tx, { companyId: job.companyId, kind: JOB_AUTOMATED_MESSAGE, payload: job.payload, runAt });
}

export function createAutomationJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  return { [JOB_AUTOMATED_MESSAGE]: createAutomatedMessageHandler(opts.deps) };
}
