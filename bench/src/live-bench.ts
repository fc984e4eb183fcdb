import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TLiveEvent } from '@cd/contracts/live';
import { buildApp } from '@cd/server/src/app';
import type { TActor } from '@cd/server/src/context';
import { runInScope } from '@cd/server/src/db/client';
import { findCustomer } from '@cd/server/src/modules/customers/customers.repository';
import { customerEvent } from '@cd/server/src/modules/customers/customers.service';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { HUB_URL, listActorTopics } from '@cd/server/src/live/live.service';
import type { TLiveEventInput } from '@cd/server/src/live/live.types';
import { signMercureToken } from '@cd/server/src/live/mercure-jwt';
import { runWithLiveEvents } from '@cd/server/src/live/run-with-live-events';
import { formatSseEvent } from '@cd/server/src/live/sse-hub';
import { startChild, type TChildHandle } from './child-ipc';
import type { TConnectReport, TFanOutReport, TSubscriberSpec } from './live-child';
import { poolOf, runOnConnection } from './pg-pool';
import { writeResultFile } from './results';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, sleep } from './stats';

const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 2000);
/** Distinct users behind the streams (several tabs each, as real admins have). */
const USERS = Math.min(200, SUBSCRIBERS);
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 200);
/** Spacing of the paced run: wide enough that one event's fan-out is over before the next one starts. */
const PACE_MS = Number(process.env.BENCH_LIVE_PACE_MS ?? 100);
const CHILD = fileURLToPath(new URL('./live-child.ts', import.meta.url));

type TMode = 'paced' | 'burst';

interface TVariantResult {
  target: 'bare' | 'hub-broadcast' | 'hub-record-broadcast';
  mode: TMode;
  connect: TConnectReport;
  fanOut: TFanOutReport;
  /** CPU time (user + system) of the bench process (the server side) per event: hub or bare writes, and the DB client. */
  serverCpuMsPerEvent: number;
}

/**
 * Each process holds one socket per subscriber (the server here, the clients in the child). The soft limit
 * cannot be raised from inside Node, so a low one is reported with the command that fixes it.
 */
function checkFileDescriptors(opts: { needed: number }): string | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null; // not Linux: nothing to read, let the run show it
  }
  const soft = Number(/^Max open files\s+(\d+|unlimited)/m.exec(text)?.[1] ?? 'NaN');
  if (Number.isNaN(soft) || soft >= opts.needed) return null;
  return `the open-file limit is ${soft}, below the ${opts.needed} this run needs: run \`ulimit -n ${opts.needed}\` (or higher) in the shell first`;
}

/** Events go out one at a time, `paceMs` apart (paced), or back to back with a turn of the event loop between. */
async function publishEvents(opts: { events: number; mode: TMode; publish: (seq: number) => Promise<void> | void }): Promise<void> {
  const start = nowMs();
  for (let seq = 0; seq < opts.events; seq++) {
    if (opts.mode === 'paced') await sleep({ ms: start + seq * PACE_MS - nowMs() });
    else await new Promise((resolve) => setImmediate(resolve));
    await opts.publish(seq);
  }
}

async function measureFanOut(opts: {
  child: TChildHandle;
  target: TVariantResult['target'];
  mode: TMode;
  connect: TConnectReport;
  publish: (run: string, seq: number) => Promise<void> | void;
}): Promise<TVariantResult> {
  // An unmeasured burst first: the target that ran first would otherwise pay for the JIT warming up.
  const warm = `${opts.target}-${opts.mode}-warm-up`;
  await opts.child.request({ type: 'expect', run: warm, events: Math.ceil(EVENTS / 4) });
  await publishEvents({ events: Math.ceil(EVENTS / 4), mode: 'burst', publish: (seq) => opts.publish(warm, seq) });
  await opts.child.request<TFanOutReport>({ type: 'report', timeoutMs: 60_000 });

  const run = `${opts.target}-${opts.mode}`;
  await opts.child.request({ type: 'expect', run, events: EVENTS });
  const cpuStart = process.cpuUsage();
  await publishEvents({ events: EVENTS, mode: opts.mode, publish: (seq) => opts.publish(run, seq) });
  const fanOut = await opts.child.request<TFanOutReport>({ type: 'report', timeoutMs: 60_000 });
  const cpu = process.cpuUsage(cpuStart);
  const serverCpuMsPerEvent = roundTo({ value: (cpu.user + cpu.system) / 1000 / EVENTS });
  const l = fanOut.latency;
  console.log(
    `  ${run}: ${fanOut.deliveries}/${fanOut.expected} delivered, p50 ${l.p50Ms} p95 ${l.p95Ms} p99 ${l.p99Ms} ms, last subscriber p95 ${fanOut.lastSubscriber.p95Ms} ms, ${fanOut.eventsPerSec} events/s`,
  );
  return { target: opts.target, mode: opts.mode, connect: opts.connect, fanOut, serverCpuMsPerEvent };
}

/** The bare fan-out: a Node http server that keeps every response and writes the same bytes to each. */
async function startBareSseServer(): Promise<{ server: http.Server; port: number; writeAll: (text: string) => void }> {
  const responses = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    res.write(':\n\n');
    responses.add(res);
    res.on('close', () => responses.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const writeAll = (text: string) => {
    for (const res of responses) res.write(text);
  };
  return { server, port: (server.address() as AddressInfo).port, writeAll };
}

/** The event every target sends: a real customer `updated` event with the bench markers in `extra`. */
function stampEvent(opts: { base: TLiveEventInput; run: string; seq: number }): TLiveEventInput {
  return { ...opts.base, extra: { benchRun: opts.run, benchSeq: opts.seq, benchSentAt: nowMs() } };
}

/** The payload exactly as recordLiveEvents builds it (same keys, same order), with a stand-in id. */
function toPayload(opts: { input: TLiveEventInput; id: string }): TLiveEvent {
  const { input } = opts;
  return {
    event: input.event,
    entity: input.entity,
    action: input.action ?? null,
    data: input.data,
    changes: input.changes ?? null,
    extra: input.extra ?? null,
    id: opts.id,
  };
}

/**
 * Live-event fan-out to SUBSCRIBERS SSE streams: the bare Node baseline, then the API's hub fed by broadcast
 * alone and by the real path (recordLiveEvents in a transaction, then broadcast), paced and in a burst.
 */
export async function runLiveBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const fdProblem = checkFileDescriptors({ needed: SUBSCRIBERS + 1000 });
  if (fdProblem) {
    console.warn(`skipping the live benchmark: ${fdProblem}`);
    return;
  }
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: 0, env: { WORKER: 'false' } });
  const child = startChild({ file: CHILD });
  try {
    const pool = poolOf({ db: env.db });
    const admin = await runInScope(env.db, { companyId: null, system: true }, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const { userIds, customerId } = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        // Company admins: their tokens include the admins topic, which every customer event goes to.
        const users = await client.query(
          `insert into users (company_id, email, password_hash, first_name, last_name, roles)
           select $1::bigint, 'live' || g || '@motors.example.com', $2, 'Live', 'Admin' || g, array['ROLE_USER', 'ROLE_COMPANY_ADMIN']
           from generate_series(1, $3::int) g returning id::int as id`,
          [companyId, admin.passwordHash, USERS - 1],
        );
        const [customer] = (
          await client.query(
            `insert into customers (company_id, first_name, last_name, phone, bumped_at, last_message)
             values ($1, 'Linda', 'Gomez', '+15555559999', now(), '{"content":"Can I book an oil change for Friday morning?","direction":"INBOUND","status":"RECEIVED","createdAt":"2026-01-01T00:00:00.000Z","hasAttachments":false}')
             returning id::int as id`,
            [companyId],
          )
        ).rows;
        return { userIds: [admin.id, ...users.rows.map((r) => Number(r.id))], customerId: Number(customer!.id) };
      },
    });
    const customer = await runInScope(env.db, { companyId }, (tx) => findCustomer(tx, { companyId, ownerId: null, id: customerId }));
    const base = customerEvent(customer!, 'updated', { changes: ['bumpedAt', 'lastMessage'] });

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    const bare = await startBareSseServer();
    const results: TVariantResult[] = [];
    try {
      const appUrl = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
      // The admin's token comes from the real route; the others are signed the same way for their own user.
      const apiToken = await signIn({ baseUrl: appUrl.origin });
      const issued = (await (await fetch(`${appUrl.origin}/api/get_mercure_jwt`, { headers: { authorization: `Bearer ${apiToken}` } })).json()) as {
        token: string;
        topics: string[];
      };
      const tokens = new Map<number, { token: string; topics: string[] }>([[admin.id, issued]]);
      for (const id of userIds.slice(1)) {
        // listActorTopics reads only the user's ids and the admin flag.
        const topics = listActorTopics({ user: { id, companyId }, isCompanyAdmin: true } as unknown as TActor);
        tokens.set(id, { token: (await signMercureToken({ secret: env.config.mercureJwtSecret, userId: id, topics })).token, topics });
      }
      const specs: TSubscriberSpec[] = Array.from({ length: SUBSCRIBERS }, (_, i) => {
        const t = tokens.get(userIds[i % userIds.length]!)!;
        return { path: `${HUB_URL}?${t.topics.map((topic) => `topic=${encodeURIComponent(topic)}`).join('&')}`, token: t.token };
      });
      console.log(`${SUBSCRIBERS} subscribers (${userIds.length} admin users), ${EVENTS} events per run, paced every ${PACE_MS} ms or in a burst`);

      // 1. Bare Node fan-out: the same bytes the hub writes (formatSseEvent of the same payload).
      let connect = await child.request<TConnectReport>({ type: 'connect', host: '127.0.0.1', port: bare.port, subscribers: specs.map((s) => ({ path: s.path, token: null })), batch: 100 });
      console.log(`bare server: ${connect.connected} streams open in ${connect.seconds} s (${connect.failed} failed)`);
      let nextId = 1;
      for (const mode of ['paced', 'burst'] as const) {
        results.push(
          await measureFanOut({
            child,
            target: 'bare',
            mode,
            connect,
            publish: (run, seq) => bare.writeAll(formatSseEvent(toPayload({ input: stampEvent({ base, run, seq }), id: String(nextId++) }))),
          }),
        );
      }
      await child.request({ type: 'disconnect' });

      // 2. The API's hub (/.well-known/mercure): token check, subscriber lookup, topic matching per subscriber.
      connect = await child.request<TConnectReport>({ type: 'connect', host: appUrl.hostname, port: Number(appUrl.port), subscribers: specs, batch: 100 });
      console.log(`API hub: ${connect.connected} streams open in ${connect.seconds} s (${connect.failed} failed${connect.firstError ? `: ${connect.firstError}` : ''})`);
      for (const mode of ['paced', 'burst'] as const) {
        results.push(
          await measureFanOut({
            child,
            target: 'hub-broadcast',
            mode,
            connect,
            publish: (run, seq) => {
              const input = stampEvent({ base, run, seq });
              app.deps.live.broadcast([{ companyId, topics: input.topics, payload: toPayload({ input, id: `b${nextId++}` }) }]);
            },
          }),
        );
        results.push(
          await measureFanOut({
            child,
            target: 'hub-record-broadcast',
            mode,
            connect,
            // The services' path: the event is written to live_events in a transaction, broadcast after commit.
            publish: async (run, seq) => {
              const input = stampEvent({ base, run, seq });
              await runWithLiveEvents({ deps: app.deps, scope: { companyId }, fn: async (_tx, emit) => emit([input]) });
            },
          }),
        );
      }
      await child.request({ type: 'disconnect' });
    } finally {
      await child.stop();
      await new Promise<void>((resolve) => {
        bare.server.closeAllConnections();
        bare.server.close(() => resolve());
      });
      await app.close();
    }

    const find = (target: TVariantResult['target'], mode: TMode) => results.find((r) => r.target === target && r.mode === mode)!.fanOut;
    console.log(
      `\n${formatTable({
        header: ['target', 'mode', 'delivered', 'p50 ms', 'p95 ms', 'p99 ms', 'last sub p50', 'last sub p95', 'events/s', 'deliveries/s', 'server cpu ms/ev', 'client cpu ms/ev'],
        rows: results.map(({ target, mode, fanOut: f, serverCpuMsPerEvent }) => [
          target,
          mode,
          `${f.deliveries}/${f.expected}`,
          f.latency.p50Ms.toFixed(1),
          f.latency.p95Ms.toFixed(1),
          f.latency.p99Ms.toFixed(1),
          f.lastSubscriber.p50Ms.toFixed(1),
          f.lastSubscriber.p95Ms.toFixed(1),
          String(f.eventsPerSec),
          String(f.deliveriesPerSec),
          serverCpuMsPerEvent.toFixed(1),
          f.clientCpuMsPerEvent.toFixed(1),
        ]),
      })}\n`,
    );
    const ratios = Object.fromEntries(
      (['hub-broadcast', 'hub-record-broadcast'] as const).map((target) => [
        target,
        {
          pacedP95: ratioOf({ ours: find(target, 'paced').latency.p95Ms, baseline: find('bare', 'paced').latency.p95Ms }),
          pacedLastSubscriberP95: ratioOf({ ours: find(target, 'paced').lastSubscriber.p95Ms, baseline: find('bare', 'paced').lastSubscriber.p95Ms }),
          burstEventsPerSec: ratioOf({ ours: find(target, 'burst').eventsPerSec, baseline: find('bare', 'burst').eventsPerSec }),
        },
      ]),
    );
    console.log(`ratios vs bare (p95 above 1 and events/s below 1 is the hub's cost): ${JSON.stringify(ratios)}`);
    const missing = results.reduce((n, r) => n + r.fanOut.expected - r.fanOut.deliveries, 0);
    if (missing) console.warn(`warning: ${missing} deliveries missing`);
    const file = writeResultFile({
      name: 'live',
      report: { revision: env.config.revision, database: 'postgres', subscribers: SUBSCRIBERS, users: userIds.length, events: EVENTS, paceMs: PACE_MS, results, ratios },
    });
    console.log(`written ${file}`);
  } finally {
    await child.stop();
    await env.dispose();
  }
}
