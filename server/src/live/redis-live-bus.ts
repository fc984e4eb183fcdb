import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLocalLiveBus } from './local-live-bus';
import type { TLiveBus, TStoredLiveEvent } from './live.types';

export const LIVE_REDIS_CHANNEL = 'courier:live';

/** What goes over the channel: one message per broadcast batch (JSON). */
export interface TLiveRedisMessage {
  v: 1;
  /** The publishing process; it already delivered locally and ignores its own message. */
  origin: string;
  events: TStoredLiveEvent[];
}

export interface TRedisLiveBusOptions {
  redisUrl: string;
  channel?: string;
  /** How long start-up waits for Redis before carrying on with local delivery only. */
  connectTimeoutMs?: number;
  log?: (level: 'warn' | 'info', message: string, err?: unknown) => void;
}

function defaultLog(level: 'warn' | 'info', message: string, err?: unknown) {
  const detail = err instanceof Error ? `: ${err.message}` : '';
  if (level === 'warn') console.warn(`[live] ${message}${detail}`);
  else console.info(`[live] ${message}${detail}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Fan-out across API processes: every broadcast is delivered to this process's subscribers at once and published
 * on a Redis channel; the subscriber connection hands other processes' events to local subscribers.
 * Redis being down never stops local delivery: publishes fail fast (logged) and ioredis reconnects and
 * resubscribes in the background. Events published while Redis is down are not redelivered to other processes;
 * their subscribers catch up from `live_events` when they reconnect with Last-Event-ID.
 */
export async function createRedisLiveBus(opts: TRedisLiveBusOptions): Promise<TLiveBus> {
  const channel = opts.channel ?? LIVE_REDIS_CHANNEL;
  const log = opts.log ?? defaultLog;
  const origin = randomUUID();
  const local = createLocalLiveBus();
  const retryStrategy = (times: number) => Math.min(200 * times, 5000);
  // Commands are refused while disconnected instead of queueing without bound in memory.
  const pub = new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy });
  // The subscriber keeps its offline queue and never gives up on it: SUBSCRIBE is sent whenever Redis comes up,
  // and ioredis resubscribes by itself after a reconnect.
  const sub = new Redis(opts.redisUrl, { retryStrategy, maxRetriesPerRequest: null });
  const subscribed = sub.subscribe(channel);
  const pubReady = new Promise<void>((resolve) => pub.once('ready', () => resolve()));

  // One line per outage rather than one per retry.
  const healthy = new Map<Redis, boolean>([
    [pub, true],
    [sub, true],
  ]);
  for (const [conn, name] of [
    [pub, 'publisher'],
    [sub, 'subscriber'],
  ] as const) {
    conn.on('error', (err) => {
      if (healthy.get(conn)) log('warn', `Redis ${name} connection failed, live events stay on this process`, err);
      healthy.set(conn, false);
    });
    conn.on('ready', () => {
      if (!healthy.get(conn)) log('info', `Redis ${name} connection restored`);
      healthy.set(conn, true);
    });
  }

  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let message: TLiveRedisMessage;
    try {
      message = JSON.parse(text) as TLiveRedisMessage;
    } catch (err) {
      log('warn', 'ignored a malformed live message', err);
      return;
    }
    if (message?.v !== 1 || message.origin === origin || !Array.isArray(message.events)) return;
    for (const event of message.events) local.deliverLocal(event);
  });

  // Wait (briefly) until this process really receives other processes' events before the app starts serving.
  const timeout = opts.connectTimeoutMs ?? 3000;
  const started = await Promise.allSettled([withTimeout(pubReady, timeout), withTimeout(subscribed, timeout)]);
  for (const r of started) {
    if (r.status === 'rejected') log('warn', 'Redis unavailable at start-up, continuing with local delivery', r.reason);
    else if (r.value === 'timeout') log('warn', 'Redis not reachable yet at start-up, continuing with local delivery');
  }

  return {
    broadcast(events: TStoredLiveEvent[]) {
      if (!events.length) return;
      local.broadcast(events);
      const message: TLiveRedisMessage = { v: 1, origin, events };
      pub.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
        if (healthy.get(pub)) log('warn', 'publishing live events to Redis failed', err);
      });
    },
    onEvent: (listener) => local.onEvent(listener),
    async close() {
      await local.close();
      await Promise.allSettled(
        [pub, sub].map(async (conn) => {
          if (conn.status === 'ready') await withTimeout(conn.quit(), 1000);
          conn.disconnect();
        }),
      );
    },
  };
}
