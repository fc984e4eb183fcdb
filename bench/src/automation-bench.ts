import { loadavg } from 'node:os';
import { buildApp, type TApp } from '@cd/server/src/app';
import { runInScope } from '@cd/server/src/db/client';
import { planAutomatedMessage, registerAutomationSource } from '@cd/server/src/modules/automations/automations.api';
import { findCompany } from '@cd/server/src/modules/companies/companies.api';
import { findCustomer } from '@cd/server/src/modules/customers/customers.api';
import { queueSystemMessage, resolveChannel } from '@cd/server/src/modules/messages/messages.api';
import { insertBenchCustomers, type TBenchCustomer } from './customers-seed';
import { poolOf, runOnConnection, type TPgPool } from './pg-pool';
import { writeResultFile } from './results';
import { prepareEnvironment } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, sleep } from './stats';

/** Messages per measured path (plain before, engine, plain after) and messages coming due in one minute. */
const COUNT = Number(process.env.BENCH_AUTOMATION_COUNT ?? 1000);
const DUE_COUNT = Number(process.env.BENCH_AUTOMATION_DUE ?? 1000);
const WARMUP = 50;
const STATUS_TEXT = 'Hi {customer_name}, follow the repair of your car at {company_name}: {status_url}';
const PLAIN_TEXT = 'Hi Send Bench, follow the repair of your car at Demo Motors: http://127.0.0.1:9/r/AbCdEfGh2345';

/** The engine asks the entity's module whether the message is still due: a source that always says yes. */
function registerBenchSource() {
  registerAutomationSource({ entity: 'repair_order', source: async () => ({ due: true }) });
}

async function demoCompanyId(pool: TPgPool): Promise<number> {
  return runOnConnection({
    pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      const res = await client.query(
        `update companies set
           automotive_messages = automotive_messages || jsonb_build_object('repairOrderStatusUrl', $1::text),
           ocs = ocs || '{"safeMode": false}'::jsonb
         where slug = 'demo-motors' returning id::int as id`,
        [STATUS_TEXT],
      );
      return Number(res.rows[0]!.id);
    },
  });
}

/** The plain path: what a module would do without the engine — load, pick the channel, queue a system message. */
async function queuePlain(app: TApp, companyId: number, customers: TBenchCustomer[]) {
  for (const c of customers)
    await runInScope(app.deps.db, { companyId }, async (tx) => {
      const company = (await findCompany(tx, companyId))!;
      const customer = (await findCustomer(tx, { companyId, ownerId: null, id: c.id }))!;
      const channel = resolveChannel(app.deps, company, customer);
      await queueSystemMessage(tx, app.deps, { company, customer, channel, content: PLAIN_TEXT, type: 'REPAIR_ORDER_STATUS_URL' });
    });
}

/** The engine's path: plan (as the repair-order module does), and the job renders, links, checks and queues. */
async function planEngine(app: TApp, companyId: number, customers: TBenchCustomer[], opts: { firstEntityId: number; dueAt?: Date }) {
  for (const [i, c] of customers.entries())
    await runInScope(app.deps.db, { companyId }, (tx) =>
      planAutomatedMessage(tx, { companyId, customerId: c.id, kind: 'status_url', entityId: opts.firstEntityId + i, dueAt: opts.dueAt }),
    );
}

interface TPathRun {
  messages: number;
  seconds: number;
  msPerMessage: number;
  perSec: number;
}

/** Queue or plan every message, then let the worker send them all (simulator channel): the whole local cost. */
async function timePath(app: TApp, fn: () => Promise<void>, count: number): Promise<TPathRun> {
  const t0 = nowMs();
  await fn();
  await app.deps.jobs.drain();
  const seconds = (nowMs() - t0) / 1000;
  return {
    messages: count,
    seconds: roundTo({ value: seconds }),
    msPerMessage: roundTo({ value: (seconds * 1000) / count }),
    perSec: Math.round(count / seconds),
  };
}

async function countOutcome(pool: TPgPool, companyId: number, opts: { firstEntityId: number; count: number }) {
  return runOnConnection({
    pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      const [a] = (
        await client.query(
          `select count(*)::int as rows, count(*) filter (where state = 'sent')::int as sent, count(distinct message_id)::int as messages,
                  max(sent_at) as last_sent_at, min(due_at) as due_at
           from automated_messages where company_id = $1 and kind = 'status_url' and entity_id between $2 and $3`,
          [companyId, opts.firstEntityId, opts.firstEntityId + opts.count - 1],
        )
      ).rows;
      const [m] = (
        await client.query(
          `select count(*)::int as total, count(*) filter (where m.status in ('SENT', 'DELIVERED'))::int as sent, count(distinct m.customer_id)::int as customers
           from messages m join automated_messages a on a.company_id = m.company_id and a.message_id = m.id
           where a.company_id = $1 and a.kind = 'status_url' and a.entity_id between $2 and $3`,
          [companyId, opts.firstEntityId, opts.firstEntityId + opts.count - 1],
        )
      ).rows;
      const [l] = (
        await client.query(
          `select count(*)::int as links, count(distinct code)::int as codes from customer_links where company_id = $1 and entity_id between $2 and $3`,
          [companyId, opts.firstEntityId, opts.firstEntityId + opts.count - 1],
        )
      ).rows;
      const [j] = (await client.query(`select count(*)::int as open from outbox_jobs where done_at is null and run_at <= now()`)).rows;
      return {
        rows: Number(a!.rows),
        sent: Number(a!.sent),
        distinctMessages: Number(a!.messages),
        lastSentAt: a!.last_sent_at as Date | null,
        dueAt: a!.due_at as Date | null,
        messages: Number(m!.total),
        messagesSent: Number(m!.sent),
        customers: Number(m!.customers),
        links: Number(l!.links),
        distinctCodes: Number(l!.codes),
        openDueJobs: Number(j!.open),
      };
    },
  });
}

/**
 * The engine's cost per automated message against a plain queueSystemMessage send (same run, same worker, simulator
 * channel, so only local work is compared), and DUE_COUNT messages of as many orders coming due in the same minute,
 * drained by two workers (two app instances on one database): all sent once, and how long it takes.
 */
export async function runAutomationBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const env = await prepareEnvironment({
    databaseUrl: opts.databaseUrl,
    extraUsers: 0,
    // Workers are driven by drain() so each phase is timed on its own; no quiet hours (the run's time of day).
    env: { WORKER: 'false', SIMULATOR: 'true', QUIET_HOURS: 'false', PUBLIC_URL: 'http://127.0.0.1:9' },
  });
  const apps: TApp[] = [];
  try {
    const pool = poolOf({ db: env.db });
    const companyId = await demoCompanyId(pool);
    const customers = await insertBenchCustomers({ pool, companyId, count: 2 * WARMUP + 3 * COUNT + DUE_COUNT, phonePrefix: '+1778', firstName: 'Auto' });
    // Their preferred channel is SMS through the provider, which the bench does not connect: the simulator serves all.
    // The cost comparison runs one job at a time (WORKER_CONCURRENCY=1): the engine does part of its work in the
    // worker, which runs several jobs at once by default, and wall time would then reward moving work there rather
    // than measure it. The due-in-one-minute run below uses the production setting.
    const app = await buildApp({ config: { ...env.config, workerConcurrency: 1 }, db: env.db, logger: false });
    apps.push(app);
    await app.ready();
    registerBenchSource();
    let cursor = 0;
    const take = (n: number) => customers.slice(cursor, (cursor += n));
    let entityId = 1_000_000;

    // Warm-up of both paths (JIT, pool), not measured.
    await timePath(app, () => queuePlain(app, companyId, take(WARMUP)), WARMUP);
    await timePath(app, () => planEngine(app, companyId, take(WARMUP), { firstEntityId: (entityId += WARMUP) }), WARMUP);

    console.log(`plain queueSystemMessage × ${COUNT}, engine × ${COUNT}, plain × ${COUNT} (sequential, worker drained after each)…`);
    const plainBefore = await timePath(app, () => queuePlain(app, companyId, take(COUNT)), COUNT);
    const engineFirst = (entityId += WARMUP);
    const engine = await timePath(app, () => planEngine(app, companyId, take(COUNT), { firstEntityId: engineFirst }), COUNT);
    const plainAfter = await timePath(app, () => queuePlain(app, companyId, take(COUNT)), COUNT);
    const engineOutcome = await countOutcome(pool, companyId, { firstEntityId: engineFirst, count: COUNT });
    const plainMs = (plainBefore.msPerMessage + plainAfter.msPerMessage) / 2;

    // DUE_COUNT orders' status messages, planned ahead for the same minute, then two workers at once.
    const dueFirst = (entityId += COUNT);
    const dueAt = new Date(Date.now() + 3_000);
    console.log(`planning ${DUE_COUNT} messages due at ${dueAt.toISOString()}…`);
    await planEngine(app, companyId, take(DUE_COUNT), { firstEntityId: dueFirst, dueAt });
    const [first, second] = await Promise.all([0, 1].map(() => buildApp({ config: env.config, db: env.db, logger: false })));
    apps.push(first!, second!);
    await Promise.all([first!.ready(), second!.ready()]);
    registerBenchSource();
    await sleep({ ms: Math.max(0, dueAt.getTime() - Date.now()) });
    const load = loadavg()[0]!;
    const t0 = nowMs();
    // Each worker drains until nothing is due; the second pass of each catches send jobs the other enqueued last.
    await Promise.all([first!.deps.jobs.drain(), second!.deps.jobs.drain()]);
    await Promise.all([first!.deps.jobs.drain(), second!.deps.jobs.drain()]);
    const dueSeconds = (nowMs() - t0) / 1000;
    const due = await countOutcome(pool, companyId, { firstEntityId: dueFirst, count: DUE_COUNT });
    const exactlyOnce =
      due.sent === DUE_COUNT &&
      due.distinctMessages === DUE_COUNT &&
      due.messages === DUE_COUNT &&
      due.customers === DUE_COUNT &&
      due.distinctCodes === DUE_COUNT;

    console.log(
      `\n${formatTable({
        header: ['path', 'messages', 'seconds', 'ms / message', 'messages/s'],
        rows: [
          ['plain queueSystemMessage (before)', String(COUNT), plainBefore.seconds.toFixed(2), plainBefore.msPerMessage.toFixed(2), String(plainBefore.perSec)],
          ['engine: plan → render, link, checks → send', String(COUNT), engine.seconds.toFixed(2), engine.msPerMessage.toFixed(2), String(engine.perSec)],
          ['plain queueSystemMessage (after)', String(COUNT), plainAfter.seconds.toFixed(2), plainAfter.msPerMessage.toFixed(2), String(plainAfter.perSec)],
          [
            `${DUE_COUNT} due in one minute, 2 workers × ${env.config.workerConcurrency}`,
            String(DUE_COUNT),
            dueSeconds.toFixed(2),
            ((dueSeconds * 1000) / DUE_COUNT).toFixed(2),
            String(Math.round(DUE_COUNT / dueSeconds)),
          ],
        ],
      })}\n`,
    );
    console.log(
      `engine ms/message ÷ plain ms/message = ${ratioOf({ ours: engine.msPerMessage, baseline: plainMs })} (plain mean ${roundTo({ value: plainMs })} ms)`,
    );
    console.log(`engine run: ${JSON.stringify(engineOutcome)}`);
    console.log(`due run: ${JSON.stringify(due)}; load average at start ${load.toFixed(2)}`);
    console.log(exactlyOnce ? `all ${DUE_COUNT} sent exactly once` : `warning: expected ${DUE_COUNT} messages sent exactly once`);
    const file = writeResultFile({
      name: 'automations',
      report: {
        revision: env.config.revision,
        database: env.db.kind,
        count: COUNT,
        costWorkerConcurrency: 1,
        plain: { before: plainBefore, after: plainAfter, meanMsPerMessage: roundTo({ value: plainMs }) },
        engine: { ...engine, outcome: engineOutcome },
        ratio: { engineVsPlainMsPerMessage: ratioOf({ ours: engine.msPerMessage, baseline: plainMs }) },
        dueInOneMinute: {
          count: DUE_COUNT,
          workers: 2,
          workerConcurrency: env.config.workerConcurrency,
          seconds: roundTo({ value: dueSeconds }),
          perSec: Math.round(DUE_COUNT / dueSeconds),
          loadAverage: load,
          outcome: due,
          exactlyOnce,
        },
      },
    });
    console.log(`written ${file}`);
  } finally {
    for (const a of apps.reverse()) await a.close();
    await env.dispose();
  }
}
