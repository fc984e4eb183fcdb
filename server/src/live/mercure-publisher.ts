import { SignJWT } from 'jose';
import { Counter } from 'prom-client';
import { metricsRegistry } from '../lib/metrics';
import { runWithCallSubject } from '../lib/outside-calls/call-subject';
import { isPermanentHttpStatus, requestProvider } from '../lib/provider-http';
import type { TLiveBus, TStoredLiveEvent } from './live.types';

/** Publisher tokens live this long and are re-signed well before they expire. */
const PUBLISHER_TOKEN_TTL_SECONDS = 3600;
const PUBLISHER_TOKEN_RENEW_SECONDS = 300;

const publishCounter = new Counter({
  name: 'courier_mercure_publish_total',
  help: 'Live updates published to the external Mercure hub, by outcome (ok, failed after retries, dropped: queue full).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export interface TMercurePublisherLog {
  warn(obj: object, msg: string): void;
}

export interface TMercurePublisher {
  /** Queues the events; never blocks and never throws (the request that caused them is already answered). */
  publish(events: TStoredLiveEvent[]): void;
  /** Resolves when everything queued so far was published or given up on. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

class MercurePublishError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The hub's publish form (Mercure v0.x): canonical topic first, alternates after; every update of ours is private. */
export function buildPublishForm(event: TStoredLiveEvent): URLSearchParams {
  const form = new URLSearchParams();
  for (const topic of event.topics) form.append('topic', topic);
  form.set('data', JSON.stringify(event.payload));
  form.set('private', 'on');
  // Our ids are live_events ids, so a client's Last-Event-ID means the same on the built-in and the external hub.
  // No `type`: it would become the SSE `event:` name, and the built-in hub sends unnamed events the web reader expects.
  form.set('id', event.payload.id);
  return form;
}

/** HS256 publisher JWS in the Mercure v0.x claim shape (`mercure.publish`). */
export async function signPublisherToken(opts: { secret: Uint8Array; now?: number; ttlSeconds?: number }): Promise<{ token: string; exp: number }> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const exp = now + (opts.ttlSeconds ?? PUBLISHER_TOKEN_TTL_SECONDS);
  const token = await new SignJWT({ mercure: { publish: ['*'] } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(opts.secret);
  return { token, exp };
}

/**
 * Publishes live updates to an external Mercure hub over its HTTP API. One POST per update, in order, from an
 * in-memory queue: the API request that produced the events never waits for the hub. A failed POST is retried a
 * few times with a short back-off, then logged, counted and dropped; subscribers that missed it catch up through
 * the hub's history or a refetch, like after any reconnect. The queue is bounded so a dead hub cannot eat memory.
 */
export function createMercurePublisher(opts: {
  publishUrl: string;
  secret: Uint8Array;
  log: TMercurePublisherLog;
  maxAttempts?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  maxQueue?: number;
}): TMercurePublisher {
  const maxAttempts = opts.maxAttempts ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 200;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxQueue = opts.maxQueue ?? 10_000;
  const queue: TStoredLiveEvent[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  let cached: { token: string; exp: number } | null = null;
  let droppedSinceLog = 0;

  async function publisherToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (!cached || cached.exp - now < PUBLISHER_TOKEN_RENEW_SECONDS) cached = await signPublisherToken({ secret: opts.secret, now });
    return cached.token;
  }

  async function postOnce(event: TStoredLiveEvent): Promise<void> {
    const res = await requestProvider({
      url: opts.publishUrl,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${await publisherToken()}` },
        body: buildPublishForm(event).toString(),
      },
      timeoutMs,
      fail: (f) => new MercurePublishError(`Mercure hub: ${f.detail}`, f.permanent),
      // In the outgoing API log without bodies: one row per live update, whose payload is already in live_events.
      log: { vendor: 'mercure', operation: 'publish', captureBody: false },
    });
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new MercurePublishError(`Mercure hub answered ${res.status}: ${text.slice(0, 200)}`, isPermanentHttpStatus(res.status));
  }

  async function publishOne(event: TStoredLiveEvent): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Logged under the event's company, not under whatever request happened to start the queue's drain.
        await runWithCallSubject({ companyId: event.companyId, subjectType: undefined, subjectId: null }, () => postOnce(event));
        publishCounter.inc({ outcome: 'ok' });
        return;
      } catch (err) {
        const permanent = err instanceof MercurePublishError && err.permanent;
        if (permanent || attempt >= maxAttempts || closed) {
          publishCounter.inc({ outcome: 'failed' });
          opts.log.warn({ err, eventId: event.payload.id, attempts: attempt }, 'publishing a live update to the Mercure hub failed');
          return;
        }
        await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
      }
    }
  }

  async function drain(): Promise<void> {
    while (queue.length) await publishOne(queue.shift()!);
    running = null;
  }

  return {
    publish(events) {
      if (closed || !events.length) return;
      for (const event of events) {
        if (queue.length >= maxQueue) {
          publishCounter.inc({ outcome: 'dropped' });
          droppedSinceLog++;
          continue;
        }
        queue.push(event);
      }
      if (droppedSinceLog) {
        opts.log.warn({ dropped: droppedSinceLog }, 'Mercure publish queue full, live updates dropped');
        droppedSinceLog = 0;
      }
      running ??= drain();
    },
    async flush() {
      while (running) await running;
    },
    async close() {
      // Give what is queued a moment (shutdown), then stop retrying.
      const flushed = this.flush();
      await Promise.race([flushed, new Promise((r) => setTimeout(r, timeoutMs))]);
      closed = true;
      queue.length = 0;
    },
  };
}

/**
 * The live bus plus the external hub: events are delivered by the built-in hub as before (old tokens, and the
 * subscribers it re-checks at connect) and also published to the external hub. Only the process that committed
 * an event publishes it; events other processes relay over Redis come in through onEvent and are not republished.
 */
export function withMercurePublishing(opts: { bus: TLiveBus; publisher: TMercurePublisher }): TLiveBus {
  const { bus, publisher } = opts;
  return {
    broadcast(events) {
      bus.broadcast(events);
      publisher.publish(events);
    },
    onEvent: (listener) => bus.onEvent(listener),
    async close() {
      await publisher.close();
      await bus.close();
    },
  };
}
