import { fileURLToPath } from 'node:url';
import { buildApp } from '@cd/server/src/app';
import { sendTwilioMessage } from '@cd/server/src/channels/sms-provider/twilio-client';
import { startChild } from './child-ipc';
import { insertBenchCustomers } from './customers-seed';
import { poolOf, runOnConnection } from './pg-pool';
import { writeResultFile } from './results';
import type { TFakeInfo, TPostReport, TReceivedCount, TReceivedReport } from './send-child';
import { connectTwilioAccount, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, summarizeLatencies, type TLatencyFigures } from './stats';

const COUNT = Number(process.env.BENCH_SEND_COUNT ?? 2000);
const WARMUP = 50;
/** In-flight POST /api/messages requests, as the other benchmarks' connections. */
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FROM_NUMBER = '+15555550100';
const CHILD = fileURLToPath(new URL('./send-child.ts', import.meta.url));

interface TDirectRun {
  sends: number;
  seconds: number;
  sendsPerSec: number;
  latency: TLatencyFigures;
  received: TReceivedReport;
}

/** The raw provider call the worker makes, in a plain sequential loop (the baseline for the outbox's overhead). */
async function sendDirect(opts: {
  fake: TFakeInfo;
  customers: { phone: string }[];
  label: string;
  child: ReturnType<typeof startChild>;
}): Promise<TDirectRun> {
  const creds = { accountSid: opts.fake.accountSid, authToken: opts.fake.authToken, baseUrl: opts.fake.baseUrl };
  const { sent: from } = await opts.child.request<TReceivedCount>({ type: 'countReceived' });
  const latencies: number[] = [];
  const t0 = nowMs();
  for (const [i, c] of opts.customers.entries()) {
    const s = nowMs();
    await sendTwilioMessage({
      creds,
      from: FROM_NUMBER,
      to: c.phone,
      body: `${opts.label} ${i}: your car is ready for pickup.`,
      statusCallback: `http://127.0.0.1:9/api/webhooks/sms-provider/demo-motors/status?messageId=${i}`,
    });
    latencies.push(nowMs() - s);
  }
  const seconds = (nowMs() - t0) / 1000;
  const received = await opts.child.request<TReceivedReport>({ type: 'waitReceived', from, count: opts.customers.length, timeoutMs: 10_000 });
  return {
    sends: opts.customers.length,
    seconds: roundTo({ value: seconds }),
    sendsPerSec: Math.round(opts.customers.length / seconds),
    latency: summarizeLatencies({ values: latencies }),
    received,
  };
}

/**
 * Send throughput through the outbox: POST /api/messages (accept rate), then the worker's sends to a fake Twilio
 * until it holds all of them (sends/s, exactly COUNT distinct), against the same sends made directly.
 */
export async function runSendBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const child = startChild({ file: CHILD });
  try {
    const fake = await child.request<TFakeInfo>({ type: 'startFake' });
    const env = await prepareEnvironment({
      databaseUrl: opts.databaseUrl,
      extraUsers: 0,
      // The production worker setup: it runs in the API process, polls every 500 ms and is woken by each send.
      env: { TWILIO_BASE_URL: fake.baseUrl, WORKER: 'true', SIMULATOR: 'false', PUBLIC_URL: 'http://127.0.0.1:9' },
    });
    try {
      const pool = poolOf({ db: env.db });
      const companyId = await connectTwilioAccount({ env, account: fake, fromNumber: FROM_NUMBER });
      // One customer per message (phones +1777…), so every send has its own distinct (To, Body).
      const customers = await insertBenchCustomers({ pool, companyId, count: 3 * WARMUP + 4 * COUNT, phonePrefix: '+1777', firstName: 'Send' });
      const warmApi = customers.slice(0, WARMUP);
      const warmDirect = customers.slice(WARMUP, 2 * WARMUP);
      const apiSet = customers.slice(3 * WARMUP, 3 * WARMUP + COUNT);
      const directSets = [customers.slice(3 * WARMUP + COUNT, 3 * WARMUP + 2 * COUNT), customers.slice(3 * WARMUP + 2 * COUNT, 3 * WARMUP + 3 * COUNT)];
      const queuedSet = customers.slice(3 * WARMUP + 3 * COUNT);

      const app = await buildApp({ config: env.config, db: env.db, logger: false });
      try {
        const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
        const token = await signIn({ baseUrl });
        const post = (items: { id: number }[], label: string) =>
          child.request<TPostReport>({
            type: 'postMessages',
            baseUrl,
            token,
            concurrency: CONCURRENCY,
            items: items.map((c, i) => ({ customerId: c.id, content: `${label} ${i}: your car is ready for pickup.` })),
          });

        // Warm-up of both paths (JIT, pool connections, keep-alive sockets), not measured.
        const warmFrom = await child.request<TReceivedCount>({ type: 'countReceived' });
        await post(warmApi, 'warm-up');
        await child.request({ type: 'waitReceived', from: warmFrom.sent, count: WARMUP, timeoutMs: 60_000 });
        await sendDirect({ fake, customers: warmDirect, label: 'warm-up direct', child });

        // Direct sends before and after the API run bracket any drift of the shared machine.
        console.log(`direct sendTwilioMessage loop, ${COUNT} sends…`);
        const directBefore = await sendDirect({ fake, customers: directSets[0]!, label: 'direct before', child });

        console.log(`POST /api/messages × ${COUNT} (${CONCURRENCY} in flight), outbox worker sending meanwhile…`);
        const before = await child.request<TReceivedCount>({ type: 'countReceived' });
        const from = before.sent;
        const accepted = await post(apiSet, 'outbox');
        const received = await child.request<TReceivedReport>({ type: 'waitReceived', from, count: COUNT, timeoutMs: 15 * 60_000 });
        // Let a late duplicate (if the worker ever sent one twice) reach the fake before counting again.
        await new Promise((r) => setTimeout(r, 1500));
        const settled = await child.request<TReceivedReport>({ type: 'waitReceived', from, count: COUNT, timeoutMs: 0, splitAtMs: accepted.endedAtMs });

        // The worker alone: the queue is filled through the API while the worker is stopped, then it drains it.
        console.log(`worker stopped, POST /api/messages × ${COUNT}, then the worker drains the queue…`);
        await app.deps.jobs.stop();
        const queuedFrom = (await child.request<TReceivedCount>({ type: 'countReceived' })).sent;
        const queued = await post(queuedSet, 'queued');
        const drainStartMs = nowMs();
        app.deps.jobs.start();
        app.deps.jobs.wake();
        const drained = await child.request<TReceivedReport>({ type: 'waitReceived', from: queuedFrom, count: COUNT, timeoutMs: 15 * 60_000 });
        await new Promise((r) => setTimeout(r, 1500));
        const drainedSettled = await child.request<TReceivedReport>({ type: 'waitReceived', from: queuedFrom, count: COUNT, timeoutMs: 0 });
        const drainSeconds = ((drained.lastAtMs ?? NaN) - drainStartMs) / 1000;
        const workerAlone = {
          queuedPerSec: Math.round(COUNT / ((queued.endedAtMs - queued.startedAtMs) / 1000)),
          seconds: roundTo({ value: drainSeconds }),
          sendsPerSec: Math.round(COUNT / drainSeconds),
          received: drainedSettled,
        };

        const directAfter = await sendDirect({ fake, customers: directSets[1]!, label: 'direct after', child });

        const stored = await runOnConnection({
          pool,
          fn: async (client) => {
            await client.query(`select set_config('app.system', 'on', true)`);
            const [m] = (
              await client.query(
                `select count(*)::int as total, count(provider_message_id)::int as with_sid, count(distinct provider_message_id)::int as distinct_sids
                 from messages where company_id = $1 and (content like 'outbox %' or content like 'queued %')`,
                [companyId],
              )
            ).rows;
            const [j] = (await client.query(`select count(*)::int as open from outbox_jobs where done_at is null and kind = 'send_message'`)).rows;
            return { messages: Number(m?.total), withProviderId: Number(m?.with_sid), distinctProviderIds: Number(m?.distinct_sids), openJobs: Number(j?.open) };
          },
        });

        const acceptSeconds = (accepted.endedAtMs - accepted.startedAtMs) / 1000;
        const endToEndSeconds = ((received.lastAtMs ?? NaN) - accepted.startedAtMs) / 1000;
        const outbox = {
          acceptPerSec: Math.round(COUNT / acceptSeconds),
          acceptSeconds: roundTo({ value: acceptSeconds }),
          postLatency: accepted.latency,
          statuses: accepted.statuses,
          /** First POST sent → the fake holds the last message. */
          endToEndSeconds: roundTo({ value: endToEndSeconds }),
          sendsPerSec: Math.round(COUNT / endToEndSeconds),
          /** How long the worker kept sending after the last POST was answered. */
          tailSeconds: roundTo({ value: ((received.lastAtMs ?? NaN) - accepted.endedAtMs) / 1000 }),
          /** Sent while POSTs were still arriving, and the worker's rate once it had the process to itself. */
          sentDuringPosts: settled.receivedBySplit,
          drainSendsPerSec: Math.round((COUNT - (settled.receivedBySplit ?? 0)) / (((received.lastAtMs ?? NaN) - accepted.endedAtMs) / 1000)),
          received: settled,
          /** Provider requests during this phase: COUNT when nothing was retried or sent twice. */
          providerRequests: settled.attempts - before.attempts,
          stored,
        };
        const directPerSec = Math.round((directBefore.sendsPerSec + directAfter.sendsPerSec) / 2);
        const exact =
          outbox.providerRequests === COUNT &&
          settled.received === COUNT &&
          settled.distinct === COUNT &&
          drainedSettled.received === COUNT &&
          drainedSettled.distinct === COUNT &&
          stored.withProviderId === 2 * COUNT &&
          stored.distinctProviderIds === 2 * COUNT;

        console.log(
          `\n${formatTable({
            header: ['path', 'sends', 'seconds', 'sends/s', 'p95 ms / call', 'received', 'distinct'],
            rows: [
              ['direct sendTwilioMessage (before)', String(COUNT), directBefore.seconds.toFixed(2), String(directBefore.sendsPerSec), directBefore.latency.p95Ms.toFixed(2), String(directBefore.received.received), String(directBefore.received.distinct)],
              ['POST /api/messages accepted', String(COUNT), outbox.acceptSeconds.toFixed(2), String(outbox.acceptPerSec), accepted.latency.p95Ms.toFixed(2), '', ''],
              ['outbox → fake Twilio (end to end)', String(COUNT), outbox.endToEndSeconds.toFixed(2), String(outbox.sendsPerSec), '', String(settled.received), String(settled.distinct)],
              [
                'outbox worker alone (queue filled first)',
                String(COUNT),
                workerAlone.seconds.toFixed(2),
                String(workerAlone.sendsPerSec),
                '',
                String(drainedSettled.received),
                String(drainedSettled.distinct),
              ],
              ['direct sendTwilioMessage (after)', String(COUNT), directAfter.seconds.toFixed(2), String(directAfter.sendsPerSec), directAfter.latency.p95Ms.toFixed(2), String(directAfter.received.received), String(directAfter.received.distinct)],
            ],
          })}\n`,
        );
        console.log(`outbox sends/s ÷ direct sends/s = ${ratioOf({ ours: outbox.sendsPerSec, baseline: directPerSec })} end to end, ${ratioOf({ ours: workerAlone.sendsPerSec, baseline: directPerSec })} worker alone (queue filled at ${workerAlone.queuedPerSec} POST/s)`);
        console.log(
          `${outbox.sentDuringPosts} sent while the POSTs ran; the remaining ${COUNT - (outbox.sentDuringPosts ?? 0)} in ${outbox.tailSeconds} s after the last POST (${outbox.drainSendsPerSec} sends/s, worker alone)`,
        );
        console.log(`POST statuses ${JSON.stringify(accepted.statuses)}; stored ${JSON.stringify(stored)}; provider requests during the outbox run ${outbox.providerRequests}`);
        console.log(exact ? `exactly ${COUNT} distinct messages received, no duplicates` : `warning: expected exactly ${COUNT} distinct messages`);

        const file = writeResultFile({
          name: 'send',
          report: {
            revision: env.config.revision,
            database: 'postgres',
            count: COUNT,
            concurrency: CONCURRENCY,
            workerPollMs: env.config.workerPollMs,
            outbox,
            workerAlone,
            direct: { before: directBefore, after: directAfter, meanSendsPerSec: directPerSec },
            ratio: {
              outboxVsDirectSendsPerSec: ratioOf({ ours: outbox.sendsPerSec, baseline: directPerSec }),
              drainVsDirectSendsPerSec: ratioOf({ ours: outbox.drainSendsPerSec, baseline: directPerSec }),
              workerAloneVsDirectSendsPerSec: ratioOf({ ours: workerAlone.sendsPerSec, baseline: directPerSec }),
            },
            exactlyOnce: exact,
          },
        });
        console.log(`written ${file}`);
      } finally {
        await app.close();
      }
    } finally {
      await env.dispose();
    }
  } finally {
    await child.stop();
  }
}
