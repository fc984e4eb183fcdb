import { TASK_ALREADY_DONE, TASKS_PER_PAGE, type TTask, type TTaskListQuery } from '@cd/contracts/task';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findUsersByIds } from '../users/users.api';
import { taskDone } from './tasks.hooks';
import { taskEvent, toTaskResource } from './tasks.presenter';
import * as repo from './tasks.repository';
import type { TTaskRow } from './tasks.schema';

type TEmit = (events: TLiveEventInput[]) => void;

const nameOf = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Tasks as resources, with their assignees' names: one extra statement for the whole list. */
export async function presentTasks(tx: TTx, rows: TTaskRow[]): Promise<TTask[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.assigneeId).filter((id): id is number => id !== null))];
  const users = new Map((await findUsersByIds(tx, { companyId: rows[0]!.companyId, ids })).map((u) => [u.id, u]));
  return rows.map((r) => {
    const u = r.assigneeId === null ? undefined : users.get(r.assigneeId);
    return toTaskResource(r, u ? { id: u.id, name: nameOf(u) } : null);
  });
}

/** Creates a task in the caller's transaction (a survey's follow-up) and tells the assignee and the admins. */
export async function createTaskInTx(tx: TTx, opts: { companyId: number; values: repo.TTaskValues; emit: TEmit }): Promise<TTaskRow> {
  const row = await repo.insertTask(tx, { companyId: opts.companyId, values: opts.values });
  const [resource] = await presentTasks(tx, [row]);
  opts.emit([taskEvent(resource!, row, 'created')]);
  return row;
}

/** Closes a task in the caller's transaction (409 when already done) and tells the module it is about. */
export async function closeTaskInTx(
  tx: TTx,
  opts: { task: TTaskRow; doneById: number | null; note: string | null; emit: TEmit; notify?: boolean },
): Promise<TTaskRow> {
  if (opts.task.doneAt !== null) throw new AppError('conflict', TASK_ALREADY_DONE);
  const done = await repo.markTaskDone(tx, { companyId: opts.task.companyId, id: opts.task.id, doneById: opts.doneById, note: opts.note });
  const [resource] = await presentTasks(tx, [done]);
  opts.emit([taskEvent(resource!, done, 'updated', ['doneAt', 'doneNote'])]);
  if (opts.notify !== false) await taskDone.run({ tx, task: done, doneById: opts.doneById, emit: opts.emit });
  return done;
}

/** Finds a task of the company for update (a survey resolved by hand closes its follow-up). */
export async function lockTaskInTx(tx: TTx, opts: { companyId: number; id: number }): Promise<TTaskRow | undefined> {
  return repo.findTask(tx, { ...opts, forUpdate: true });
}

export { pickLeastBusyAdmin } from './tasks.repository';

/** GET /api/tasks: the caller's own tasks; company admins may ask for everyone's (`assignee=all`). */
export async function listTasks(opts: { ctx: TRequestContext; query: TTaskListQuery }): Promise<TTask[]> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx });
  const all = query.assignee === 'all';
  if (all && !ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may list everyone’s tasks.');
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listTasks(tx, {
      companyId,
      assigneeId: all ? undefined : ctx.actor.user.id,
      done: query['exists[doneAt]'],
      limit: TASKS_PER_PAGE,
    });
    return presentTasks(tx, rows);
  });
}

/** PUT /api/tasks/{id}/done: the assignee or a company admin closes it. */
export async function completeTask(opts: { ctx: TRequestContext; id: number; note: string | null }): Promise<TTask> {
  const { ctx } = opts;
  const { scope, companyId } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const task = await repo.findTask(tx, { companyId, id: opts.id, forUpdate: true });
      if (!task) throw new AppError('not_found', 'Task not found.');
      if (!ctx.actor.isCompanyAdmin && task.assigneeId !== ctx.actor.user.id) throw new AppError('not_found', 'Task not found.');
      const done = await closeTaskInTx(tx, { task, doneById: ctx.actor.user.id, note: opts.note, emit });
      const [resource] = await presentTasks(tx, [done]);
      return resource!;
    },
  });
}
