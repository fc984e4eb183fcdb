import {
  AUTOMATED_MESSAGE_KINDS,
  buildAutomatedMessageKey,
  type TAutomatedMessage,
  type TAutomatedMessageEntity,
  type TAutomatedMessageKind,
  type TAutomatedMessageListQuery,
} from '@cd/contracts/automated-message';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { automatedMessageEvent, toAutomatedMessageResource } from './automations.presenter';
import { enqueueJob } from '../../jobs/outbox';
import * as repo from './automations.repository';
import type { TAutomatedMessageRow } from './automations.schema';

/** The job that renders and sends one automated message when it comes due (handler: automations.jobs.ts). */
export const JOB_AUTOMATED_MESSAGE = 'automated_message';

async function enqueueDue(tx: TTx, row: TAutomatedMessageRow): Promise<void> {
  // The payload carries the due time it was planned for: a job whose time was moved since finds a different due_at
  // on the row and does nothing (the job of the new time sends), so re-planning never needs to find old jobs.
  await enqueueJob(tx, {
    companyId: row.companyId,
    kind: JOB_AUTOMATED_MESSAGE,
    payload: { automatedMessageId: row.id, dueAt: row.dueAt.toISOString() },
    runAt: row.dueAt,
  });
}

/**
 * Plans one automated message, once: the row is inserted under its unique key in the caller's transaction together
 * with its job (now, or at `dueAt`). A second call with the same key — a retry, a double click, a second worker —
 * inserts nothing and answers `created: false` with the row that exists. For repeatable kinds pass `occurrence`
 * (see `planNextOccurrence`).
 */
export async function planAutomatedMessage(
  tx: TTx,
  opts: { companyId: number; customerId: number; kind: TAutomatedMessageKind; entityId: number; occurrence?: number; dueAt?: Date },
): Promise<{ created: boolean; row: TAutomatedMessageRow }> {
  const key = buildAutomatedMessageKey({ kind: opts.kind, id: opts.entityId, occurrence: opts.occurrence });
  const inserted = await repo.insertAutomatedMessage(tx, {
    companyId: opts.companyId,
    key,
    kind: opts.kind,
    entity: AUTOMATED_MESSAGE_KINDS[opts.kind].entity,
    entityId: opts.entityId,
    customerId: opts.customerId,
    dueAt: opts.dueAt ?? new Date(),
  });
  if (inserted) {
    await enqueueDue(tx, inserted);
    return { created: true, row: inserted };
  }
  const existing = await repo.findAutomatedMessageByKey(tx, { companyId: opts.companyId, key });
  return { created: false, row: existing! };
}

/**
 * Plans the next occurrence of a repeatable kind (each status update, each approval round). Callers serialise on
 * their entity (e.g. `select … for update` of the order) so two requests do not pick the same number; if they race
 * anyway the unique key keeps one and the other answers `created: false`.
 */
export async function planNextOccurrence(
  tx: TTx,
  opts: { companyId: number; customerId: number; kind: TAutomatedMessageKind; entityId: number; dueAt?: Date },
): Promise<{ created: boolean; row: TAutomatedMessageRow; occurrence: number }> {
  const entity = AUTOMATED_MESSAGE_KINDS[opts.kind].entity;
  const occurrence = (await repo.countOccurrences(tx, { companyId: opts.companyId, entity, entityId: opts.entityId, kind: opts.kind })) + 1;
  const planned = await planAutomatedMessage(tx, { ...opts, occurrence });
  return { ...planned, occurrence };
}

/**
 * Moves a planned message to a new due time (promised time moved). A message already sent, skipped or cancelled is
 * left alone (answers undefined); one not planned yet is planned.
 */
export async function replanAutomatedMessage(
  tx: TTx,
  opts: { companyId: number; customerId: number; kind: TAutomatedMessageKind; entityId: number; occurrence?: number; dueAt: Date },
): Promise<TAutomatedMessageRow | undefined> {
  const key = buildAutomatedMessageKey({ kind: opts.kind, id: opts.entityId, occurrence: opts.occurrence });
  const moved = await repo.updateDueAt(tx, { companyId: opts.companyId, key, dueAt: opts.dueAt });
  if (moved) {
    await enqueueDue(tx, moved);
    return moved;
  }
  const planned = await planAutomatedMessage(tx, opts);
  return planned.created ? planned.row : undefined;
}

/** Cancels what is still waiting for an entity (order closed, reopened, deleted): all kinds, or the given ones. */
export async function cancelAutomatedMessages(
  tx: TTx,
  opts: { companyId: number; entity: TAutomatedMessageEntity; entityId: number; kinds?: readonly TAutomatedMessageKind[] },
): Promise<TAutomatedMessageRow[]> {
  return repo.cancelPending(tx, opts);
}

/** What was (or will be) sent for one entity, with each message's delivery state: one statement for the whole list. */
export async function listAutomatedMessages(opts: { ctx: TRequestContext; query: TAutomatedMessageListQuery }): Promise<TAutomatedMessage[]> {
  // A survey's texts carry its link (see requireAdminForSurveys): company admins only.
  if (opts.query.entity === 'survey' && !opts.ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may see the texts of a survey.');
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  const rows = await runInScope(opts.ctx.db, { companyId }, (tx) =>
    repo.listForEntity(tx, { companyId, entity: opts.query.entity, entityId: opts.query.entityId }),
  );
  return rows.map((r) => toAutomatedMessageResource(r.row, r.messageStatus));
}

/** PUT /api/automated_messages/{id}/send_now: 409 unless the message still waits for its time (planned or quiet hours). */
export const AUTOMATED_MESSAGE_NOT_WAITING = 'automated_message_not_waiting';

/**
 * Staff send a timed message now instead of at its planned time (a survey three days after close, a reminder):
 * its due time becomes now and its job runs at once. The engine still checks everything when it runs (still due,
 * consent, safe mode, quiet hours), and the once-only key keeps it to one text. Company admins only.
 */
export async function sendAutomatedMessageNow(opts: { ctx: TRequestContext; id: number }): Promise<TAutomatedMessage> {
  const { ctx } = opts;
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may send an automated message early.');
  const { scope, companyId } = resolveRecordScope({ ctx });
  const resource = await runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const found = companyId === null ? await repo.findCompanyIdOf(tx, opts.id) : companyId;
      const row = found === undefined ? undefined : await repo.lockAutomatedMessage(tx, { companyId: found, id: opts.id });
      if (!row) throw new AppError('not_found', 'Automated message not found.');
      if (row.state !== 'planned' && row.state !== 'held_quiet_hours') throw new AppError('conflict', AUTOMATED_MESSAGE_NOT_WAITING);
      const moved = (await repo.updateDueAt(tx, { companyId: row.companyId, key: row.key, dueAt: new Date() }))!;
      await enqueueDue(tx, moved);
      emit([automatedMessageEvent(moved, null, ['dueAt', 'state'])]);
      return toAutomatedMessageResource(moved, null);
    },
  });
  ctx.jobs.wake();
  return resource;
}
