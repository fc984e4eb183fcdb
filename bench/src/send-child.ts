import { startFakeTwilio, type TFakeTwilio } from '@cd/server/test/fakes/fake-twilio';
import { serveRequests, type TChildRequest } from './child-ipc';
import { nowMs, sleep, summarizeLatencies, type TLatencyFigures } from './stats';

export interface TFakeInfo {
  baseUrl: string;
  accountSid: string;
  authToken: string;
}

export interface TReceivedReport {
  /** Messages the fake accepted since `from`, and how many distinct (To, Body) pairs among them. */
  received: number;
  distinct: number;
  /** POST …/Messages.json requests since the fake started (accepted or not). */
  attempts: number;
  firstAtMs: number | null;
  lastAtMs: number | null;
  /** Of those, received at or before `splitAtMs` (when given). */
  receivedBySplit: number | null;
  timedOut: boolean;
}

export interface TReceivedCount {
  sent: number;
  attempts: number;
}

export interface TPostReport {
  startedAtMs: number;
  endedAtMs: number;
  statuses: Record<string, number>;
  latency: TLatencyFigures;
}

export interface TPostedGroupMessage {
  startedAtMs: number;
  endedAtMs: number;
  status: number;
  id: number;
}

/** The `recipients` block of GET /api/group_messages/{id}. */
export interface TGroupRecipients {
  total: number;
  skipped: number;
  pending: number;
  sent: number;
  delivered: number;
  failed: number;
  blocked: number;
}

export interface TGroupMessageState {
  /** When the condition was first seen (or the last poll, on timeout). */
  observedAtMs: number;
  polls: number;
  status: string;
  recipients: TGroupRecipients;
  timedOut: boolean;
}

// The fake provider and the API client live here, not in the bench process, which hosts the API and its worker.
let fake: TFakeTwilio | undefined;

async function postMessages(msg: TChildRequest): Promise<TPostReport> {
  const { baseUrl, token, items, concurrency } = msg as unknown as {
    baseUrl: string;
    token: string;
    items: { customerId: number; content: string }[];
    concurrency: number;
  };
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const startedAtMs = nowMs();
  // `concurrency` clients each send their next message as soon as the previous one is answered.
  const client = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const t0 = nowMs();
      const res = await fetch(`${baseUrl}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: item.customerId, content: item.content, channel: 'sms_provider' }),
      });
      await res.arrayBuffer();
      latencies.push(nowMs() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { startedAtMs, endedAtMs: nowMs(), statuses, latency: summarizeLatencies({ values: latencies }) };
}

async function waitReceived(msg: TChildRequest): Promise<TReceivedReport> {
  const { from, count, timeoutMs, splitAtMs } = msg as unknown as { from: number; count: number; timeoutMs: number; splitAtMs?: number };
  const f = fake!;
  const deadline = Date.now() + timeoutMs;
  while (f.sent.length < from + count && Date.now() < deadline) await sleep({ ms: 2 });
  const got = f.sent.slice(from);
  return {
    received: got.length,
    distinct: new Set(got.map((s) => `${s.to}\n${s.body}`)).size,
    attempts: f.sendAttempts(),
    firstAtMs: got[0]?.receivedAt.getTime() ?? null,
    lastAtMs: got.at(-1)?.receivedAt.getTime() ?? null,
    receivedBySplit: splitAtMs === undefined ? null : got.filter((s) => s.receivedAt.getTime() <= splitAtMs).length,
    timedOut: got.length < count,
  };
}

async function postGroupMessage(msg: TChildRequest): Promise<TPostedGroupMessage> {
  const { baseUrl, token, customerGroupId, content } = msg as unknown as { baseUrl: string; token: string; customerGroupId: number; content: string };
  const startedAtMs = nowMs();
  const res = await fetch(`${baseUrl}/api/group_messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ customerGroupId, content }),
  });
  const body = (await res.json()) as { id?: number };
  if (res.status !== 201 || typeof body.id !== 'number') throw new Error(`POST /api/group_messages answered ${res.status}: ${JSON.stringify(body)}`);
  return { startedAtMs, endedAtMs: nowMs(), status: res.status, id: body.id };
}

/** Polls GET /api/group_messages/{id} until it is expanded: status `sent` and recipients.total = `total`. */
async function waitGroupMessage(msg: TChildRequest): Promise<TGroupMessageState> {
  const { baseUrl, token, id, total, intervalMs, timeoutMs } = msg as unknown as {
    baseUrl: string;
    token: string;
    id: number;
    total: number;
    intervalMs: number;
    timeoutMs: number;
  };
  const deadline = Date.now() + timeoutMs;
  for (let polls = 1; ; polls++) {
    const res = await fetch(`${baseUrl}/api/group_messages/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const observedAtMs = nowMs();
    if (!res.ok) throw new Error(`GET /api/group_messages/${id} answered ${res.status}: ${await res.text()}`);
    const gm = (await res.json()) as { status: string; recipients: TGroupRecipients };
    const { total: t, skipped, pending, sent, delivered, failed, blocked } = gm.recipients;
    const recipients = { total: t, skipped, pending, sent, delivered, failed, blocked };
    const done = gm.status === 'sent' && t === total;
    if (done || Date.now() >= deadline) return { observedAtMs, polls, status: gm.status, recipients, timedOut: !done };
    await sleep({ ms: intervalMs });
  }
}

serveRequests({
  handlers: {
    startFake: async (): Promise<TFakeInfo> => {
      fake = await startFakeTwilio();
      return { baseUrl: fake.baseUrl, accountSid: fake.accountSid, authToken: fake.authToken };
    },
    countReceived: async (): Promise<TReceivedCount> => ({ sent: fake!.sent.length, attempts: fake!.sendAttempts() }),
    postMessages,
    waitReceived,
    postGroupMessage,
    waitGroupMessage,
    /** The fake holds each of the next `count` provider responses for `ms` (a provider round trip). */
    delayNext: async (msg) => void fake!.delayNext(Number(msg.ms), Number(msg.count)),
    /** The To number of every message received since `from`, in arrival order. */
    receivedNumbers: async (msg): Promise<string[]> => fake!.sent.slice(Number(msg.from)).map((s) => s.to),
  },
  cleanup: async () => fake?.close(),
});
