import { userTopic } from '@cd/contracts/live';
import type { TAwayState } from '@cd/contracts/user';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { completeJob, enqueueJob, type TJobHandler } from '../../jobs/outbox';
import { validationError, type TViolation } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCompanyRow } from '../companies/companies.schema';
import { toCustomerResource } from '../customers/customers.presenter';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.schema';
import type { TKeyword } from '../messages/keywords';
import type { TMessageRow } from '../messages/messages.schema';
import { userLiveEvents } from './users.presenter';
import * as repo from './users.repository';
import type { TAwayStateRow, TUserRow } from './users.schema';

/** Outbox job that brings a user back ONLINE at the `backAt` they chose. */
export const JOB_AWAY_RETURN = 'away_return';

/** A return time further ahead than this is refused (the dialog offers at most an hour; the API allows more). */
const MAX_AWAY_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;

export const ONLINE_STATE: TAwayStateRow = { status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null };

/**
 * Validates a requested away state (the status dialog's rules, enforced here too: spec part 1 §4–§5) and returns
 * the columns to write. ONLINE clears everything; AWAY needs a text; AWAY_WITH_TRANSFER an enabled colleague of the
 * same company other than the user; a return time must lie in the future. A new away period starts when the user
 * goes AWAY from another state or changes the away text, so customers hear the new text once more.
 */
export async function awayStateValues(
  tx: TTx,
  opts: { user: TUserRow; input: TAwayState; now?: Date },
): Promise<Pick<TUserRow, 'awayState'> & Partial<Pick<TUserRow, 'awayPeriod'>>> {
  const { user, input } = opts;
  if (input.status === 'ONLINE') return { awayState: ONLINE_STATE };
  const now = (opts.now ?? new Date()).getTime();
  const violations: TViolation[] = [];

  let backAt: string | null = null;
  if (input.backAt) {
    const at = Date.parse(input.backAt);
    if (!(at > now)) violations.push({ propertyPath: 'awayState.backAt', message: 'The return time must be in the future.' });
    else if (at - now > MAX_AWAY_AHEAD_MS) violations.push({ propertyPath: 'awayState.backAt', message: 'The return time may be at most 30 days ahead.' });
    else backAt = new Date(at).toISOString();
  }

  let awayText: string | null = null;
  if (input.status === 'AWAY') {
    awayText = input.awayText?.trim() || null;
    if (!awayText) violations.push({ propertyPath: 'awayState.awayText', message: 'Required' });
  }

  let transferToUserId: number | null = null;
  if (input.status === 'AWAY_WITH_TRANSFER') {
    const id = input.transferToUserId === null || input.transferToUserId === undefined ? null : Number(input.transferToUserId);
    const colleague =
      id !== null && Number.isSafeInteger(id) && id !== user.id && user.companyId !== null
        ? (await repo.findUsersByIds(tx, { companyId: user.companyId, ids: [id] }))[0]
        : undefined;
    if (!colleague || !colleague.enabled)
      violations.push({ propertyPath: 'awayState.transferToUserId', message: 'Pick an active colleague of your company.' });
    else transferToUserId = colleague.id;
  }

  if (violations.length) throw validationError(violations);
  const awayState: TAwayStateRow = { status: input.status, backAt, awayText, transferToUserId };
  const before = user.awayState;
  const newPeriod = awayState.status === 'AWAY' && (before.status !== 'AWAY' || before.awayText !== awayState.awayText);
  return newPeriod ? { awayState, awayPeriod: user.awayPeriod + 1 } : { awayState };
}

/** After an away state was written (same transaction): schedules the return to ONLINE, forgets a finished period's replies. */
export async function afterAwayStateSaved(tx: TTx, opts: { before: TUserRow; after: TUserRow }): Promise<void> {
  const { before, after } = opts;
  const state = after.awayState;
  if (after.companyId !== null && (state.status !== 'AWAY' || after.awayPeriod !== before.awayPeriod))
    await repo.clearAwayReplies(tx, { companyId: after.companyId, userId: after.id });
  if (state.backAt && state.backAt !== before.awayState.backAt)
    await enqueueJob(tx, {
      companyId: after.companyId,
      kind: JOB_AWAY_RETURN,
      payload: { userId: after.id, backAt: state.backAt },
      runAt: new Date(state.backAt),
    });
}

type TDeps = Pick<TAppDeps, 'db' | 'live'>;

/**
 * At `backAt` the user is ONLINE again — only if their state still carries that return time (a later choice wins;
 * a second run finds nothing to do). The user's live topic hears it so the avatar turns back without a reload.
 */
export function createAwayJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_AWAY_RETURN]: async ({ job }) => {
      const { userId, backAt } = job.payload as { userId: number; backAt: string };
      await runWithLiveEvents({
        deps,
        scope: job.companyId === null ? { companyId: null, system: true } : { companyId: job.companyId },
        fn: async (tx, emit) => {
          const row = await repo.returnOnlineIfDue(tx, { companyId: job.companyId, id: userId, backAt });
          if (row) {
            if (row.companyId !== null) await repo.clearAwayReplies(tx, { companyId: row.companyId, userId: row.id });
            emit(userLiveEvents(row, ['awayState']));
          }
          await completeJob(tx, job.id);
        },
      });
    },
  };
}

export interface TAwayInboundResult {
  /** The conversation after the away rules (its owner may have changed). */
  customer: TCustomerRow;
  /** The colleague who received the conversation because its owner is AWAY_WITH_TRANSFER, else null. */
  transferredTo: number | null;
  /** The away auto-reply queued for this message, if any. */
  replies: TMessageRow[];
}

/**
 * Away rules for a customer's inbound message (called by messages.service `receiveInbound` in its transaction,
 * right after the customer and the message are stored):
 * - owner AWAY_WITH_TRANSFER: the conversation — a new customer's first message, or an existing conversation of
 *   the owner — is handed to the chosen colleague (if still an enabled user of the company). The hand-over is a
 *   real change of owner and stays when the user is back. One hop only: the colleague's own transfer is not followed.
 * - owner (after any hand-over) AWAY: the away text goes out as a system STANDARD message, once per conversation per
 *   away period; never as an answer to STOP/START/HELP and never to an opted-out customer.
 */
export async function applyAwayStatus(
  tx: TTx,
  opts: {
    company: TCompanyRow;
    customer: TCustomerRow;
    isNew: boolean;
    keyword: TKeyword | null;
    emit: (events: TLiveEventInput[]) => void;
    queueReply: (customer: TCustomerRow, content: string) => Promise<TMessageRow>;
  },
): Promise<TAwayInboundResult> {
  const { company } = opts;
  let customer = opts.customer;
  const result: TAwayInboundResult = { customer, transferredTo: null, replies: [] };
  if (customer.userId === null) return result;
  let owner = await repo.findUserById(tx, { companyId: company.id, id: customer.userId });
  if (!owner || owner.awayState.status === 'ONLINE') return result;

  if (owner.awayState.status === 'AWAY_WITH_TRANSFER' && owner.awayState.transferToUserId !== null) {
    const [colleague] = await repo.findUsersByIds(tx, { companyId: company.id, ids: [owner.awayState.transferToUserId] });
    if (colleague && colleague.enabled && colleague.id !== owner.id) {
      customer = (await customersRepo.updateCustomer(tx, { companyId: company.id, id: customer.id, values: { userId: colleague.id } }))!;
      // The previous owner's inbox drops the conversation; the caller's events reach the new owner.
      if (!opts.isNew)
        opts.emit([
          {
            companyId: company.id,
            topics: [userTopic(owner.id)],
            event: 'updated',
            entity: 'customer',
            data: toCustomerResource(customer, { viewerId: 0, readStates: [] }),
            changes: ['user'],
          },
        ]);
      result.customer = customer;
      result.transferredTo = colleague.id;
      owner = colleague;
    }
  }

  const state = owner.awayState;
  if (state.status === 'AWAY' && state.awayText && opts.keyword === null && !customer.optOut) {
    const first = await repo.claimAwayReply(tx, { companyId: company.id, userId: owner.id, awayPeriod: owner.awayPeriod, customerId: customer.id });
    if (first) result.replies.push(await opts.queueReply(customer, state.awayText));
  }
  return result;
}
