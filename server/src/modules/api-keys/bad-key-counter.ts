import { Redis } from 'ioredis';

/**
 * Bad API keys per client address in a fixed window (docs/public-api.md "Rate limits"). `fail` counts one bad key
 * and answers in the same atomic step whether that one is over the allowance, so guesses sent in parallel cannot all
 * pass a check made before any of them failed: in memory that step is synchronous, in Redis it is one script.
 * With REDIS_URL every API process shares one window per address; without it each process keeps its own.
 */
export interface TBadKeyLimiter {
  /** Seconds to wait when the address has used up its window, else 0. */
  retryAfterSeconds(ip: string): Promise<number>;
  /** Counts one bad key; seconds to wait when this one is beyond the allowance (answer 429), else 0 (answer 401). */
  fail(ip: string): Promise<number>;
  close(): Promise<void>;
}

/** One process's window: enough for a single API process, and the fallback while Redis does not answer. */
export class BadKeyCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  retryAfterSeconds(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now || h.count < this.max) return 0;
    return Math.max(1, Math.ceil((h.resetAt - now) / 1000));
  }

  /** Synchronous: the count and the verdict cannot be split by another request. */
  fail(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) {
      if (this.hits.size > 100_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return this.max >= 1 ? 0 : Math.max(1, Math.ceil(this.windowMs / 1000));
    }
    h.count++;
    return h.count > this.max ? Math.max(1, Math.ceil((h.resetAt - now) / 1000)) : 0;
  }
}

/** INCR with the window's expiry set by the first bad key only (a fixed window), then the count and time left. */
const FAIL_SCRIPT = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** How long startup waits for Redis: requests before it answers would each count in their own process only. */
const CONNECT_WAIT_MS = 2000;

export async function createBadKeyLimiter(opts: {
  max: number;
  windowSeconds: number;
  redisUrl?: string;
  /** Prefix of the Redis keys (tests give each app set its own). */
  keyPrefix?: string;
  log?: (msg: string, err: unknown) => void;
}): Promise<TBadKeyLimiter> {
  const windowMs = opts.windowSeconds * 1000;
  const local = new BadKeyCounter(opts.max, windowMs);
  if (!opts.redisUrl) {
    return {
      retryAfterSeconds: async (ip) => local.retryAfterSeconds(ip),
      fail: async (ip) => local.fail(ip),
      close: async () => undefined,
    };
  }
  const prefix = opts.keyPrefix ?? 'cd:api-key-bad:';
  // Fail fast while Redis is down (never queue behind a reconnect): the request falls back to this process's window.
  // The timeout is generous because a busy event loop (PGlite in tests) delays reading an answer already there.
  const redis = new Redis(opts.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 2000,
    retryStrategy: (times) => Math.min(200 * times, 5000),
  });
  let healthy = true;
  const fallback = (err: unknown) => {
    if (healthy) opts.log?.('Redis is not answering: bad API keys are counted per process until it is back', err);
    healthy = false;
  };
  redis.on('error', fallback);
  redis.on('ready', () => {
    healthy = true;
  });
  // Commands are refused until connected (no offline queue), so wait for the first connection, but not forever.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
  });
  return {
    async retryAfterSeconds(ip) {
      try {
        const [count, ttl] = (await redis
          .multi()
          .get(prefix + ip)
          .pttl(prefix + ip)
          .exec())!.map(([err, v]) => {
          if (err) throw err;
          return Number(v ?? 0);
        }) as [number, number];
        return count >= opts.max && ttl > 0 ? secondsOf(ttl) : 0;
      } catch (err) {
        fallback(err);
        return local.retryAfterSeconds(ip);
      }
    },
    async fail(ip) {
      try {
        const [count, ttl] = (await redis.eval(FAIL_SCRIPT, 1, prefix + ip, String(windowMs))) as [number, number];
        return count > opts.max ? secondsOf(ttl) : 0;
      } catch (err) {
        fallback(err);
        return local.fail(ip);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
