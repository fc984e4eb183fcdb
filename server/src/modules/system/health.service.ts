import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { HEARTBEAT_STALE_SECONDS, readWorkerHeartbeats } from '../../jobs/worker-heartbeat';

/** Each check's deadline: a probe must answer well within a load balancer's own timeout (often 5 s). */
export const READY_CHECK_TIMEOUT_MS = 2000;
/** Probes arriving within this long share one reading, so a probe flood costs one query per interval. */
const READY_CACHE_MS = 1000;

export type TCheckStatus = 'ok' | 'fail' | 'skipped';
export interface TCheck {
  status: TCheckStatus;
  durationMs?: number;
  error?: string;
}
export interface TReadiness {
  status: 'ok' | 'fail';
  checks: { database: TCheck; redis: TCheck; worker: TCheck & { lastBeatAt?: string | null } };
}

class CheckTimeout extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The reason a check failed, without internals (probes are public): a timeout, or the error's class. */
function reasonOf(err: unknown): string {
  if (err instanceof CheckTimeout) return err.message;
  return 'unavailable';
}

/**
 * The readiness probe of one app: the database answers, Redis answers PING (when configured), and a worker is alive
 * when the deployment has one (this process runs it, or some worker beat within the last day). `workerProcessId` is
 * this process's own heartbeat when it runs the worker: then its own mark must be fresh.
 */
export function createReadinessProbe(opts: { deps: Pick<TAppDeps, 'db' | 'config'>; workerProcessId?: string; timeoutMs?: number }) {
  const timeoutMs = opts.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  let redis: Redis | null = null;
  let cached: { at: number; value: Promise<TReadiness> } | null = null;

  const redisClient = () =>
    (redis ??= new Redis(opts.deps.config.redisUrl!, {
      lazyConnect: true,
      // A probe must fail fast while Redis is down, never queue behind a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      retryStrategy: (times) => Math.min(200 * times, 5000),
    }).on('error', () => undefined));

  const checkRedis = async (): Promise<TCheck> => {
    if (!opts.deps.config.redisUrl) return { status: 'skipped' };
    const started = Date.now();
    try {
      const client = redisClient();
      if (client.status === 'wait') await withDeadline(client.connect(), timeoutMs);
      const pong = await withDeadline(client.ping(), timeoutMs);
      if (pong !== 'PONG') throw new Error('unexpected answer');
      return { status: 'ok', durationMs: Date.now() - started };
    } catch (err) {
      return { status: 'fail', durationMs: Date.now() - started, error: reasonOf(err) };
    }
  };

  const checkDatabase = async (): Promise<{ database: TCheck; worker: TReadiness['checks']['worker'] }> => {
    const started = Date.now();
    try {
      const beats = await withDeadline(
        runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
          await tx.execute(sql`select 1`);
          return readWorkerHeartbeats(tx, { processId: opts.workerProcessId });
        }),
        timeoutMs,
      );
      const database: TCheck = { status: 'ok', durationMs: Date.now() - started };
      const lastBeatAt = beats.lastBeatAt?.toISOString() ?? null;
      if (opts.workerProcessId) {
        const own = beats.ownFresh;
        return {
          database,
          worker: own
            ? { status: 'ok', lastBeatAt }
            : { status: 'fail', lastBeatAt, error: `this process's worker has not beaten within ${HEARTBEAT_STALE_SECONDS} s` },
        };
      }
      if (!beats.known) return { database, worker: { status: 'skipped', lastBeatAt } };
      return {
        database,
        worker:
          beats.fresh > 0 ? { status: 'ok', lastBeatAt } : { status: 'fail', lastBeatAt, error: `no worker has beaten within ${HEARTBEAT_STALE_SECONDS} s` },
      };
    } catch (err) {
      return {
        database: { status: 'fail', durationMs: Date.now() - started, error: reasonOf(err) },
        worker: { status: 'fail', error: 'the database did not answer' },
      };
    }
  };

  const read = async (): Promise<TReadiness> => {
    const [db, redisCheck] = await Promise.all([checkDatabase(), checkRedis()]);
    const checks = { database: db.database, redis: redisCheck, worker: db.worker };
    const ok = Object.values(checks).every((c) => c.status !== 'fail');
    return { status: ok ? 'ok' : 'fail', checks };
  };

  return {
    check(): Promise<TReadiness> {
      const now = Date.now();
      if (cached && now - cached.at < READY_CACHE_MS) return cached.value;
      cached = { at: now, value: read() };
      return cached.value;
    },
    async close() {
      redis?.disconnect();
      redis = null;
    },
  };
}
