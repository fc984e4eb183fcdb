import type { TAwayState } from '@cd/contracts/user';
import type { TTx } from '../../db/client';
import { validationError, type TViolation } from '../../lib/errors';
import { enqueueAwayReturn } from './away.jobs';
import * as repo from './users.repository';
import type { TAwayStateRow, TUserRow } from './users.schema';

// A user's away status (the status dialog). What a conversation does while its owner is away is the away module's.

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
  if (state.backAt && state.backAt !== before.awayState.backAt) await enqueueAwayReturn(tx, { companyId: after.companyId, userId: after.id, backAt: state.backAt });
}
