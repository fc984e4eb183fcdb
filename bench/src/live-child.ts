import http from 'node:http';
import { serveRequests, type TChildRequest } from './child-ipc';
import { nowMs, roundTo, sleep, summarizeLatencies, type TLatencyFigures } from './stats';

export interface TSubscriberSpec {
  path: string;
  token: string | null;
}

export interface TConnectReport {
  connected: number;
  failed: number;
  firstError: string | null;
  seconds: number;
}

export interface TFanOutReport {
  run: string;
  events: number;
  subscribers: number;
  deliveries: number;
  expected: number;
  /** publish → receive over every (event, subscriber) pair. */
  latency: TLatencyFigures;
  /** Per event: publish → the last subscriber received it. */
  lastSubscriber: TLatencyFigures;
  /** First publish → last delivery. */
  seconds: number;
  eventsPerSec: number;
  deliveriesPerSec: number;
  /** Streams that ended during the run (a hub drops subscribers that cannot keep up). */
  closedDuringRun: number;
  /** CPU time (user + system) of this subscriber process during the run, per event. */
  clientCpuMsPerEvent: number;
  timedOut: boolean;
}

interface TRun {
  run: string;
  events: number;
  latencies: Float64Array;
  filled: number;
  lastPerEvent: Float64Array;
  firstSentAt: number;
  lastReceivedAt: number;
  closed: number;
  cpuStart: NodeJS.CpuUsage;
  done: () => void;
  finished: Promise<void>;
}

// The bench markers sit in the event's `extra` in this order (JSON keeps insertion order); a regex on the raw
// block costs far less than JSON.parse of each ~1 KB event 400,000 times, and the cost is the same for every target.
const MARKER = /"benchRun":"([^"]*)","benchSeq":(\d+),"benchSentAt":([\d.]+)/;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxTotalSockets: Infinity });
const streams = new Set<http.ClientRequest>();
let current: TRun | null = null;

function recordBlock(block: string, receivedAt: number): void {
  const run = current;
  if (!run) return;
  const m = MARKER.exec(block);
  if (!m || m[1] !== run.run) return;
  const seq = Number(m[2]);
  const sentAt = Number(m[3]);
  const latency = receivedAt - sentAt;
  run.latencies[run.filled++] = latency;
  if (latency > run.lastPerEvent[seq]!) run.lastPerEvent[seq] = latency;
  if (sentAt < run.firstSentAt) run.firstSentAt = sentAt;
  if (receivedAt > run.lastReceivedAt) run.lastReceivedAt = receivedAt;
  if (run.filled === run.latencies.length) run.done();
}

/** One SSE stream; events are split on the blank line that ends each one. */
function openStream(opts: { host: string; port: number; spec: TSubscriberSpec }): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (opts.spec.token) headers.authorization = `Bearer ${opts.spec.token}`;
    const req = http.get({ host: opts.host, port: opts.port, path: opts.spec.path, agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      streams.add(req);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        // One timestamp per chunk, taken before any parsing: every event in it arrived at that moment.
        const at = nowMs();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          recordBlock(buffer.slice(0, end), at);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('close', () => {
        streams.delete(req);
        if (current) current.closed++;
      });
      resolve();
    });
    req.on('error', reject);
  });
}

async function connect(msg: TChildRequest): Promise<TConnectReport> {
  const { host, port, subscribers, batch } = msg as unknown as { host: string; port: number; subscribers: TSubscriberSpec[]; batch: number };
  const t0 = nowMs();
  let failed = 0;
  let firstError: string | null = null;
  // In batches: thousands of simultaneous SYNs would overflow the server's accept backlog (511).
  for (let i = 0; i < subscribers.length; i += batch) {
    const results = await Promise.allSettled(subscribers.slice(i, i + batch).map((spec) => openStream({ host, port, spec })));
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      failed++;
      firstError ??= String(r.reason);
    }
  }
  return { connected: streams.size, failed, firstError, seconds: roundTo({ value: (nowMs() - t0) / 1000 }) };
}

async function expect(msg: TChildRequest): Promise<void> {
  const { run, events } = msg as unknown as { run: string; events: number };
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  current = {
    run,
    events,
    latencies: new Float64Array(events * streams.size),
    filled: 0,
    lastPerEvent: new Float64Array(events),
    firstSentAt: Infinity,
    lastReceivedAt: 0,
    closed: 0,
    cpuStart: process.cpuUsage(),
    done,
    finished,
  };
}

async function report(msg: TChildRequest): Promise<TFanOutReport> {
  const { timeoutMs } = msg as unknown as { timeoutMs: number };
  const run = current!;
  const timedOut = await Promise.race([run.finished.then(() => false), sleep({ ms: timeoutMs }).then(() => true)]);
  current = null;
  const cpu = process.cpuUsage(run.cpuStart);
  const seconds = (run.lastReceivedAt - run.firstSentAt) / 1000;
  return {
    run: run.run,
    events: run.events,
    subscribers: run.latencies.length / run.events,
    deliveries: run.filled,
    expected: run.latencies.length,
    latency: summarizeLatencies({ values: run.latencies.subarray(0, run.filled) }),
    lastSubscriber: summarizeLatencies({ values: run.lastPerEvent }),
    seconds: roundTo({ value: seconds }),
    eventsPerSec: Math.round(run.events / seconds),
    deliveriesPerSec: Math.round(run.filled / seconds),
    closedDuringRun: run.closed,
    clientCpuMsPerEvent: roundTo({ value: (cpu.user + cpu.system) / 1000 / run.events }),
    timedOut,
  };
}

serveRequests({
  handlers: {
    connect,
    expect,
    report,
    disconnect: async () => {
      for (const req of streams) req.destroy();
      streams.clear();
      return null;
    },
  },
  cleanup: async () => {
    for (const req of streams) req.destroy();
    agent.destroy();
  },
});
