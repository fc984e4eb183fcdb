import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@cd/server/src/app';
import { startChild, type TChildHandle } from './child-ipc';
import { insertBenchCustomers } from './customers-seed';
import { poolOf, runOnConnection, type TPgPool } from './pg-pool';
import { writeResultFile } from './results';
import type { TFakeInfo, TGroupMessageState, TGroupRecipients, TPostedGroupMessage, TReceivedCount, TReceivedReport } from './send-child';
import { connectTwilioAccount, prepareEnvironment, signIn, type TBenchEnvironment } from './setup';
import { formatTable, nowMs, roundTo, sleep } from './stats';

const SIZE = Number(process.env.BENCH_GROUP_SIZE ?? 10_000);
/** Every 100th member has opted out (STOP): 100 of 10,000. */
const OPT_OUT_EVERY = 100;
const WARMUP_SIZE = 200;
const FROM_NUMBER = '+15555550100';
/** How often the client polls GET /api/group_messages/{id} while the expansion runs (its time resolution). */
const POLL_MS = 250;
const CHILD = fileURLToPath(new URL('./send-child.ts', import.meta.url));

/** One measured configuration: the worker's WORKER_CONCURRENCY and the fake provider's latency per request. */
interface TRunSpec {
  workerConcurrency: number;
  providerLatencyMs: number;
}

/** `BENCH_GROUP_RUNS="8,1,16,8@50"`: a worker concurrency per run, optionally @ a provider latency in ms. */
function parseRuns(opts: { spec: string }): TRunSpec[] {
  return opts.spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [c, l] = s.split('@');
      const run = { workerConcurrency: Number(c), providerLatencyMs: Number(l ?? 0) };
      if (!Number.isInteger(run.workerConcurrency) || run.workerConcurrency < 1 || !Number.isFinite(run.providerLatencyMs))
        throw new Error(`BENCH_GROUP_RUNS: cannot read "${s}" (expected e.g. 8 or 8@50)`);
      return run;
    });
}

/** Concurrency 32 (the default) first and last, to bracket drift of the shared machine. */
const RUNS = parseRuns({ spec: process.env.BENCH_GROUP_RUNS ?? '32,8,32@50,8@50,32' });

function runLabel(spec: TRunSpec): string {
  return `concurrency ${spec.workerConcurrency}${spec.providerLatencyMs ? `, ${spec.providerLatencyMs} ms provider` : ''}`;
}

/** A group with these members, in two set-based statements (the group, then every member at once). */
async function createGroup(opts: { pool: TPgPool; companyId: number; name: string; customerIds: number[] }): Promise<number> {
  return runOnConnection({
    pool: opts.pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      const [g] = (await client.query(`insert into customer_groups (company_id, name) values ($1, $2) returning id::int as id`, [opts.companyId, opts.name])).rows;
      const groupId = Number(g?.id);
      await client.query(
        `insert into customer_group_members (company_id, group_id, customer_id) select $1::bigint, $2::bigint, unnest($3::bigint[])`,
        [opts.companyId, groupId, opts.customerIds],
      );
      return groupId;
    },
  });
}

/**
 * Removes what a previous run left (group messages with their recipient messages, finished jobs, live events) and
 * vacuums, so every configuration starts from the same tables.
 */
async function resetGroupSends(opts: { pool: TPgPool; companyId: number }): Promise<void> {
  await runOnConnection({
    pool: opts.pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      await client.query(`delete from messages where company_id = $1 and group_message_id is not null`, [opts.companyId]);
      await client.query(`delete from group_messages where company_id = $1`, [opts.companyId]);
      await client.query(`delete from outbox_jobs where done_at is not null`);
      await client.query(`delete from live_events`);
    },
  });
  // Outside a transaction: VACUUM cannot run inside one.
  await opts.pool.query('vacuum (analyze) messages, group_messages, outbox_jobs, live_events, customers');
}

/** What the database holds for one group message once it is done. */
async function readStoredGroupMessage(opts: { pool: TPgPool; companyId: number; id: number }) {
  return runOnConnection({
    pool: opts.pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      const [gm] = (
        await client.query(
          `select extract(epoch from created_at) * 1000 as created_ms, extract(epoch from expanded_at) * 1000 as expanded_ms
           from group_messages where company_id = $1 and id = $2`,
          [opts.companyId, opts.id],
        )
      ).rows;
      const [m] = (
        await client.query(
          `select count(*)::int as total, count(*) filter (where status = 'blocked')::int as blocked,
                  count(provider_message_id)::int as with_sid, count(distinct provider_message_id)::int as distinct_sids
           from messages where company_id = $1 and group_message_id = $2`,
          [opts.companyId, opts.id],
        )
      ).rows;
      // The group's own jobs only: recurring jobs (vehicle recalls, DMS) always have a future slot waiting.
      const [j] = (
        await client.query(`select count(*)::int as open from outbox_jobs where done_at is null and kind in ('expand_group_message', 'send_message')`)
      ).rows;
      return {
        createdAtMs: Number(gm?.created_ms),
        expandedAtMs: Number(gm?.expanded_ms),
        messages: Number(m?.total),
        blocked: Number(m?.blocked),
        withProviderId: Number(m?.with_sid),
        distinctProviderIds: Number(m?.distinct_sids),
        openJobs: Number(j?.open),
      };
    },
  });
}

/** Waits (up to 60 s) until every send of the group message is recorded with its provider id and no job is open. */
async function waitStored(opts: { pool: TPgPool; companyId: number; id: number; sends: number }) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stored = await readStoredGroupMessage(opts);
    if ((stored.withProviderId >= opts.sends && stored.openJobs === 0) || Date.now() >= deadline) return stored;
    await sleep({ ms: 100 });
  }
}

interface TGroupRun {
  label: string;
  workerConcurrency: number;
  providerLatencyMs: number;
  /** 1-minute load average before and after the run (2 cores: above 2 means something else wanted the CPU too). */
  loadAvg1: { before: number; after: number };
  /** Seconds from the POST being sent. */
  seconds: {
    accepted: number;
    /** GET /api/group_messages/{id} first showed status `sent` with every recipient (±POLL_MS). */
    expandedSeen: number;
    /** created_at → expanded_at in the database (exact). */
    expansion: number;
    firstReceived: number;
    lastReceived: number;
    /** First → last message at the fake. */
    sendPhase: number;
    /** Database expanded_at → first message at the fake (negative: sending overlapped the expansion). */
    expansionToFirstSend: number;
  };
  recipientsPerSecExpanded: number;
  /** Sends / send phase, and sends / (POST → last message). */
  sendsPerSec: number;
  endToEndSendsPerSec: number;
  received: { messages: number; distinctNumbers: number; duplicates: number; missing: number; optedOutReceived: number; providerRequests: number };
  recipients: TGroupRecipients;
  stored: Awaited<ReturnType<typeof readStoredGroupMessage>>;
  exactlyOnce: boolean;
}

/**
 * One POST /api/group_messages to the group, on an app (worker in-process) built for this configuration; waits
 * until the expansion is done and the fake holds every send, then checks who received what.
 */
async function sendToGroup(opts: {
  env: TBenchEnvironment;
  child: TChildHandle;
  pool: TPgPool;
  companyId: number;
  groupId: number;
  members: { phone: string; optOut: boolean }[];
  spec: TRunSpec;
  label: string;
}): Promise<TGroupRun> {
  const { env, child, spec, members } = opts;
  const total = members.length;
  const optedOut = new Set(members.filter((m) => m.optOut).map((m) => m.phone));
  const expected = new Set(members.filter((m) => !m.optOut).map((m) => m.phone));
  const sends = expected.size;
  await resetGroupSends({ pool: opts.pool, companyId: opts.companyId });
  const app = await buildApp({ config: { ...env.config, workerConcurrency: spec.workerConcurrency }, db: env.db, logger: false });
  try {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signIn({ baseUrl });
    if (spec.providerLatencyMs) await child.request({ type: 'delayNext', ms: spec.providerLatencyMs, count: sends });
    const loadBefore = loadavg()[0]!;
    const before = await child.request<TReceivedCount>({ type: 'countReceived' });
    const posted = await child.request<TPostedGroupMessage>({
      type: 'postGroupMessage',
      baseUrl,
      token,
      customerGroupId: opts.groupId,
      content: `${opts.label}: our workshop is open this Saturday.`,
    });
    const poll = { type: 'waitGroupMessage', baseUrl, token, id: posted.id, total, intervalMs: POLL_MS };
    const expanded = await child.request<TGroupMessageState>({ ...poll, timeoutMs: 10 * 60_000 });
    const received = await child.request<TReceivedReport>({ type: 'waitReceived', from: before.sent, count: sends, timeoutMs: 30 * 60_000 });
    const loadAfter = loadavg()[0]!;
    // The worker records each send just after the fake answered it; then let a late duplicate (if the worker ever
    // sent one twice) reach the fake before counting again.
    const stored = await waitStored({ pool: opts.pool, companyId: opts.companyId, id: posted.id, sends });
    await sleep({ ms: 1500 });
    const settled = await child.request<TReceivedReport>({ type: 'waitReceived', from: before.sent, count: sends, timeoutMs: 0 });
    const numbers = await child.request<string[]>({ type: 'receivedNumbers', from: before.sent });
    // Provider-confirmed counts (sent, delivered) move only with status callbacks, which this bench does not post.
    const final = await child.request<TGroupMessageState>({ ...poll, timeoutMs: 0 });

    const distinct = new Set(numbers);
    const sinceStart = (atMs: number | null) => roundTo({ value: ((atMs ?? NaN) - posted.startedAtMs) / 1000 });
    const sendPhase = ((received.lastAtMs ?? NaN) - (received.firstAtMs ?? NaN)) / 1000;
    const expansion = (stored.expandedAtMs - stored.createdAtMs) / 1000;
    const receivedFigures = {
      messages: numbers.length,
      distinctNumbers: distinct.size,
      duplicates: numbers.length - distinct.size,
      missing: [...expected].filter((p) => !distinct.has(p)).length,
      optedOutReceived: [...distinct].filter((p) => optedOut.has(p)).length,
      providerRequests: settled.attempts - before.attempts,
    };
    const r = final.recipients;
    const exactlyOnce =
      !expanded.timedOut &&
      !received.timedOut &&
      receivedFigures.messages === sends &&
      receivedFigures.distinctNumbers === sends &&
      receivedFigures.missing === 0 &&
      receivedFigures.optedOutReceived === 0 &&
      receivedFigures.providerRequests === sends &&
      r.total === total &&
      r.skipped === optedOut.size &&
      r.blocked === optedOut.size &&
      r.pending + r.sent === sends &&
      r.failed === 0 &&
      stored.withProviderId === sends &&
      stored.distinctProviderIds === sends &&
      stored.openJobs === 0;
    return {
      label: runLabel(spec),
      ...spec,
      loadAvg1: { before: roundTo({ value: loadBefore }), after: roundTo({ value: loadAfter }) },
      seconds: {
        accepted: sinceStart(posted.endedAtMs),
        expandedSeen: sinceStart(expanded.observedAtMs),
        expansion: roundTo({ value: expansion }),
        firstReceived: sinceStart(received.firstAtMs),
        lastReceived: sinceStart(received.lastAtMs),
        sendPhase: roundTo({ value: sendPhase }),
        expansionToFirstSend: roundTo({ value: ((received.firstAtMs ?? NaN) - stored.expandedAtMs) / 1000 }),
      },
      recipientsPerSecExpanded: Math.round(total / expansion),
      sendsPerSec: Math.round(sends / sendPhase),
      endToEndSendsPerSec: Math.round(sends / (((received.lastAtMs ?? NaN) - posted.startedAtMs) / 1000)),
      received: receivedFigures,
      recipients: r,
      stored,
      exactlyOnce,
    };
  } finally {
    await app.close();
  }
}

/**
 * A group message to 10,000 customers (100 opted out) through the real path: POST /api/group_messages, the
 * expansion job (one message per member, in batches), then one send job per recipient through the outbox to a fake
 * Twilio. Once per worker configuration (WORKER_CONCURRENCY, provider latency).
 */
export async function runGroupBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const child = startChild({ file: CHILD });
  try {
    const fake = await child.request<TFakeInfo>({ type: 'startFake' });
    const env = await prepareEnvironment({
      databaseUrl: opts.databaseUrl,
      extraUsers: 0,
      // The worker runs in the API process (polls every 500 ms, woken on enqueue); no sending window.
      env: { TWILIO_BASE_URL: fake.baseUrl, WORKER: 'true', SIMULATOR: 'false', QUIET_HOURS: 'false', PUBLIC_URL: 'http://127.0.0.1:9' },
    });
    try {
      const pool = poolOf({ db: env.db });
      const companyId = await connectTwilioAccount({ env, account: fake, fromNumber: FROM_NUMBER });

      console.log(`seeding ${SIZE.toLocaleString('en')} customers (every ${OPT_OUT_EVERY}th opted out) and one group with all of them…`);
      let t0 = nowMs();
      const customers = await insertBenchCustomers({ pool, companyId, count: SIZE, phonePrefix: '+1778', firstName: 'Group', optOutEvery: OPT_OUT_EVERY });
      const seedCustomersSeconds = roundTo({ value: (nowMs() - t0) / 1000 });
      t0 = nowMs();
      const groupId = await createGroup({ pool, companyId, name: 'Bench: everyone', customerIds: customers.map((c) => c.id) });
      const seedMembersSeconds = roundTo({ value: (nowMs() - t0) / 1000 });
      const warmMembers = customers.slice(0, WARMUP_SIZE);
      const warmGroupId = await createGroup({ pool, companyId, name: 'Bench: warm-up', customerIds: warmMembers.map((c) => c.id) });
      await pool.query('vacuum (analyze) customers, customer_group_members');
      const optedOut = customers.filter((c) => c.optOut).length;
      console.log(`  customers ${seedCustomersSeconds} s, group members ${seedMembersSeconds} s; ${optedOut} opted out`);

      const base = { env, child, pool, companyId };
      // Warm-up (JIT, the fake's and the pool's connections), not measured.
      const warm = await sendToGroup({ ...base, groupId: warmGroupId, members: warmMembers, spec: { workerConcurrency: 8, providerLatencyMs: 0 }, label: 'warm-up' });
      if (!warm.exactlyOnce) console.warn(`warning: the warm-up did not deliver exactly once: ${JSON.stringify(warm.received)}`);

      const runs: TGroupRun[] = [];
      for (const [i, spec] of RUNS.entries()) {
        console.log(`run ${i + 1}/${RUNS.length}: WORKER_CONCURRENCY=${spec.workerConcurrency}${spec.providerLatencyMs ? `, provider latency ${spec.providerLatencyMs} ms` : ''}…`);
        const run = await sendToGroup({ ...base, groupId, members: customers, spec, label: `group run ${i + 1}` });
        runs.push(run);
        console.log(
          `  expanded in ${run.seconds.expansion} s, last send at ${run.seconds.lastReceived} s, ${run.sendsPerSec} sends/s; ` +
            `${run.exactlyOnce ? 'exactly once' : `NOT exactly once: ${JSON.stringify({ received: run.received, recipients: run.recipients, stored: run.stored })}`}`,
        );
      }

      const sends = SIZE - optedOut;
      console.log(
        `\n${formatTable({
          header: ['run', 'expanded s', 'first send s', 'last send s', 'send phase s', 'sends/s', 'end-to-end sends/s', 'received / distinct', 'skipped / blocked', 'dup', 'load 1m'],
          rows: runs.map((r) => [
            r.label,
            r.seconds.expansion.toFixed(2),
            r.seconds.firstReceived.toFixed(2),
            r.seconds.lastReceived.toFixed(2),
            r.seconds.sendPhase.toFixed(2),
            String(r.sendsPerSec),
            String(r.endToEndSendsPerSec),
            `${r.received.messages} / ${r.received.distinctNumbers}`,
            `${r.recipients.skipped} / ${r.recipients.blocked}`,
            String(r.received.duplicates),
            `${r.loadAvg1.before}→${r.loadAvg1.after}`,
          ]),
        })}\n`,
      );
      console.log(`times in seconds from the POST; sends/s = ${sends} / send phase (first → last message at the fake)`);
      const allExact = runs.every((r) => r.exactlyOnce);
      console.log(allExact ? `every run: exactly ${sends} distinct numbers once each, ${optedOut} skipped and blocked` : 'warning: not every run delivered exactly once (see the JSON)');

      const file = writeResultFile({
        name: 'group',
        report: {
          revision: env.config.revision,
          database: 'postgres',
          size: SIZE,
          optedOut,
          sends,
          workerPollMs: env.config.workerPollMs,
          pollMs: POLL_MS,
          seed: { customersSeconds: seedCustomersSeconds, membersSeconds: seedMembersSeconds },
          warmUp: warm,
          runs,
          exactlyOnce: allExact,
        },
      });
      console.log(`written ${file}`);
    } finally {
      await env.dispose();
    }
  } finally {
    await child.stop();
  }
}
