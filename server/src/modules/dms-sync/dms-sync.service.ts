import { randomBytes } from 'node:crypto';
import type { TDmsPush, TDmsServiceWritersSyncAnswer, TDmsSyncRun, TDmsSyncStarted } from '@cd/contracts/dms-sync';
import type { TServiceWritersSync } from '@cd/contracts/integrations';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { enqueueJob } from '../../jobs/outbox';
import { DmsError } from '../../dms/dms';
import { AppError, validationError } from '../../lib/errors';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { hashPassword } from '../users/users.service';
import { buildDmsAdapter, dmsSettingsOf, serverReachesDms, type TDmsLog } from './dms-sync.adapter';
import { applyDmsOrders, fetchDmsOrders } from './dms-sync.import';
import * as repo from './dms-sync.repository';
import type { TDmsPushRow, TDmsSyncRunRow, TDmsType } from './dms-sync.schema';

export const DMS_IMPORT_JOB = 'dms:import';
/** A run still "running" after this long lost its worker for good (the job gave up): a new request replaces it. */
const ABANDONED_AFTER_MS = 2 * 3600_000;
const RUNS_LISTED = 20;

export function toRunResource(row: TDmsSyncRunRow): TDmsSyncRun {
  return {
    '@id': `/api/dms/sync_runs/${row.id}`,
    '@type': 'DmsSyncRun',
    id: row.id,
    company: `/api/companies/${row.companyId}`,
    kind: row.kind,
    trigger: row.trigger,
    state: row.state,
    dmsType: row.dmsVendor,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: row.counts,
    error: row.error,
  };
}

export function toPushResource(row: TDmsPushRow): TDmsPush {
  return {
    '@id': `/api/dms/pushes/${row.id}`,
    '@type': 'DmsPush',
    id: row.id,
    repairOrder: `/api/repair_orders/${row.repairOrderId}`,
    line: `/api/repair_order_lines/${row.lineId}`,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Company admins of that company and super admins run the link; another company's company looks absent. */
function adminCompanyId(ctx: TRequestContext, requested: number): number {
  const a = ctx.actor;
  if (a.isSuperAdmin) return requested;
  if (a.companyId !== requested) throw new AppError('not_found', 'Company not found.');
  if (!a.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may sync the DMS.');
  return requested;
}

const notConnected = () =>
  new AppError('conflict', 'No connection to the dealer management system is configured on this server.', undefined, undefined, { code: 'dms_not_connected' });

/**
 * Starts an import (or finds the running one) in one transaction with its job. Used by the route and the periodic
 * import; the caller checked who asks.
 */
export async function startImport(opts: {
  deps: TAppDeps;
  companyId: number;
  dmsVendor: TDmsType;
  trigger: 'manual' | 'schedule';
  requestedBy: number | null;
}): Promise<TDmsSyncStarted> {
  const { deps, companyId } = opts;
  const started = await runInScope(deps.db, { companyId }, async (tx) => {
    let running = await repo.findRunningRun(tx, { companyId, kind: 'import' });
    if (running && Date.now() - running.startedAt.getTime() > ABANDONED_AFTER_MS) {
      await repo.finishRun(tx, {
        companyId,
        id: running.id,
        state: 'failed',
        counts: running.counts,
        error: 'The import did not finish (its worker stopped).',
      });
      running = undefined;
    }
    if (running) return { run: running, alreadyRunning: true };
    const run = await repo.insertRunIfIdle(tx, { companyId, kind: 'import', trigger: opts.trigger, requestedBy: opts.requestedBy, dmsVendor: opts.dmsVendor });
    // Another request won the race between the look-up and the insert: answer its run.
    if (!run) return { run: (await repo.findRunningRun(tx, { companyId, kind: 'import' }))!, alreadyRunning: true };
    await enqueueJob(tx, { companyId, kind: DMS_IMPORT_JOB, payload: { runId: run.id } });
    return { run, alreadyRunning: false };
  });
  if (!started.alreadyRunning) deps.jobs.wake();
  return { run: toRunResource(started.run), alreadyRunning: started.alreadyRunning };
}

/** POST /api/dms/sync. */
export async function requestImport(opts: { ctx: TRequestContext; companyId: number }): Promise<TDmsSyncStarted> {
  const { ctx } = opts;
  const companyId = adminCompanyId(ctx, opts.companyId);
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  const settings = dmsSettingsOf(company);
  if (!settings.enabled || !settings.dmsType) throw validationError([{ propertyPath: 'dms', message: 'dms_not_enabled' }]);
  if (!serverReachesDms(ctx.config, settings.dmsType)) throw notConnected();
  return startImport({ deps: ctx, companyId, dmsVendor: settings.dmsType, trigger: 'manual', requestedBy: ctx.actor.realUser.id });
}

/** Words for a run's error: the adapters' messages are written for people and carry no secret. */
function errorText(err: unknown): string {
  if (err instanceof DmsError) return err.message;
  return 'The import failed while saving; nothing was written. It will be tried again at the next sync.';
}

/**
 * The import job: read everything from the DMS, then write it in one transaction that also closes the run. A
 * vendor error, a timeout or a failed write leaves no half-written import: the run records the error instead.
 */
export async function runImport(opts: { deps: TAppDeps; log: TDmsLog; companyId: number; runId: number }): Promise<void> {
  const { deps, companyId, runId } = opts;
  const loaded = await runInScope(deps.db, { companyId }, async (tx) => {
    const run = await repo.findRun(tx, { companyId, id: runId });
    if (!run || run.state !== 'running') return null;
    const company = await findCompany(tx, companyId);
    const last = await repo.lastDoneImport(tx, { companyId, dmsVendor: run.dmsVendor });
    return { run, company, last };
  });
  if (!loaded) return;
  const { run, company, last } = loaded;
  const now = new Date();
  try {
    if (!company) throw new DmsError({ vendor: run.dmsVendor === 'vendor_a' ? 'dealertrack' : 'cdk', kind: 'auth', message: 'The company no longer exists.' });
    const settings = dmsSettingsOf(company);
    const adapter = buildDmsAdapter({ config: deps.config, company, log: opts.log, subject: { subjectType: 'dms_sync', subjectId: runId } });
    if (!adapter || settings.dmsType !== run.dmsVendor)
      throw new DmsError({
        vendor: run.dmsVendor === 'vendor_a' ? 'dealertrack' : 'cdk',
        kind: 'auth',
        message: 'The DMS link was switched off or changed before the import ran.',
      });
    // A manual run always reads everything: it is how an admin repairs a gap.
    const orders = await fetchDmsOrders({ adapter, lastDoneAt: run.trigger === 'schedule' ? (last?.startedAt ?? null) : null, now });
    // The import's live events are recorded with its writes and broadcast only once they are committed.
    await runWithLiveEvents({
      deps,
      scope: { companyId },
      fn: async (tx, emit) => {
        const counts = await applyDmsOrders(tx, {
          companyId,
          country: company.country,
          companyPhone: company.phone,
          dmsVendor: run.dmsVendor,
          settings,
          defaultOwnerId: company.defaultCustomerUserId,
          orders,
          now,
          deps,
          emit,
        });
        await repo.finishRun(tx, { companyId, id: runId, state: 'done', counts: { ordersRead: orders.length, ...counts }, error: null });
      },
    });
  } catch (err) {
    if (!(err instanceof DmsError)) opts.log.warn({ err, companyId, runId }, 'DMS import failed');
    await runInScope(deps.db, { companyId }, (tx) => repo.finishRun(tx, { companyId, id: runId, state: 'failed', counts: {}, error: errorText(err) }));
  }
}

/** GET /api/dms/sync_runs: the latest runs of a company (its admins and super admins). */
export async function listSyncRuns(opts: { ctx: TRequestContext; companyId?: number; kind?: 'import' | 'service_writers' }): Promise<TDmsSyncRunRow[]> {
  const { ctx } = opts;
  const companyId = adminCompanyId(ctx, resolveReadableCompanyId({ ctx, requested: opts.companyId }));
  return runInScope(ctx.db, { companyId }, (tx) => repo.listRuns(tx, { companyId, kind: opts.kind, limit: RUNS_LISTED }));
}

/** GET /api/dms/pushes?repairOrder=: what of the order waits to reach the DMS (everyone who sees the order). */
export async function listOrderPushes(opts: { ctx: TRequestContext; repairOrderId: number }): Promise<TDmsPushRow[]> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const order = await repo.findOrderInScope(tx, { companyId, id: opts.repairOrderId });
    if (!order) throw new AppError('not_found', 'Repair order not found.');
    return repo.listOrderPushes(tx, { companyId: order.companyId, repairOrderId: order.id });
  });
}

function splitWriterName(name: string): { firstName: string; lastName: string } {
  const words = name
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  if (words.length <= 1) return { firstName: words[0] ?? 'Service', lastName: words.length ? '' : 'Writer' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

async function loadCompanyForSuperAdmin(ctx: TRequestContext, companyId: number): Promise<TCompanyRow> {
  if (!ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may do this.');
  const row = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!row) throw new AppError('not_found', 'Company not found.');
  return row;
}

/**
 * POST /api/dms/service_writers_sync (vendor A, super admins, spec part 2 §6/§7): reads the writers and matches users
 * by `dms.dtPersonId`. With `addMissing`, an active writer no user carries is added as a *disabled* advisor with
 * that id, a reserved `.invalid` address and a random password nobody knows: imported orders then name their advisor,
 * and nobody can sign in as that user until an admin gives it a real address and enables it. Without `addMissing`
 * the missing writers are only listed. Works before the link is switched on (setting it up).
 */
export async function syncServiceWriters(opts: { ctx: TRequestContext; log: TDmsLog; input: TServiceWritersSync }): Promise<TDmsServiceWritersSyncAnswer> {
  const { ctx, input } = opts;
  const company = await loadCompanyForSuperAdmin(ctx, input.companyId);
  const companyId = company.id;
  const settings = dmsSettingsOf(company);
  if (settings.dmsType !== 'vendor_a') throw validationError([{ propertyPath: 'dmsType', message: 'dms_sync_needs_vendor_a' }]);
  if (!serverReachesDms(ctx.config, 'vendor_a')) throw notConnected();
  const run = await runInScope(ctx.db, { companyId }, (tx) =>
    repo.insertRunIfIdle(tx, { companyId, kind: 'service_writers', trigger: 'manual', requestedBy: ctx.actor.realUser.id, dmsVendor: 'vendor_a' }),
  );
  if (!run) throw new AppError('conflict', 'A service-writer sync is already running for this company.');
  const fail = async (err: DmsError) => {
    await runInScope(ctx.db, { companyId }, (tx) => repo.finishRun(tx, { companyId, id: run.id, state: 'failed', counts: {}, error: err.message }));
    return new AppError('conflict', err.message, undefined, undefined, { code: 'dms_error', kind: err.kind });
  };
  let writers;
  try {
    const adapter = buildDmsAdapter({
      config: ctx.config,
      company,
      log: opts.log,
      forceEnabled: true,
      subject: { subjectType: 'dms_sync', subjectId: run.id },
    })!;
    writers = await adapter.listServiceWriters();
  } catch (err) {
    if (err instanceof DmsError) throw await fail(err);
    await runInScope(ctx.db, { companyId }, (tx) => repo.finishRun(tx, { companyId, id: run.id, state: 'failed', counts: {}, error: 'The sync failed.' }));
    throw err;
  }
  const passwordHash = input.addMissing ? await hashPassword(randomBytes(32).toString('base64url')) : '';
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const users = await repo.findUsersByDmsIds(tx, { companyId, dmsVendor: 'vendor_a', ids: writers.map((w) => w.id) });
    const results: TDmsServiceWritersSyncAnswer['writers'] = [];
    for (const w of writers) {
      const user = users.get(w.id);
      let outcome: 'matched' | 'created' | 'missing' | 'inactive' = user ? 'matched' : w.active ? 'missing' : 'inactive';
      let userId = user?.id ?? null;
      if (outcome === 'missing' && input.addMissing) {
        const local =
          w.id
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'writer';
        userId = await repo.insertDisabledUser(tx, {
          companyId,
          email: `dms-writer-${local}@${company.slug}.invalid`,
          passwordHash,
          ...splitWriterName(w.name),
          dtPersonId: w.id,
        });
        if (userId !== null) outcome = 'created';
      }
      results.push({ id: w.id, name: w.name, active: w.active, outcome, user: userId === null ? null : `/api/users/${userId}` });
    }
    const count = (o: string) => results.filter((r) => r.outcome === o).length;
    const counts = { writers: results.length, matched: count('matched'), created: count('created'), missing: count('missing'), inactive: count('inactive') };
    const finished = await repo.finishRun(tx, { companyId, id: run.id, state: 'done', counts, error: null });
    return { run: toRunResource(finished!), writers: results };
  });
}
