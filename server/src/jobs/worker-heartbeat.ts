import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { runInScope, type TDatabase, type TTx } from '../db/client';

/** How often a worker process marks itself alive, and how old a mark may be before /health/ready calls it stale. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
export const HEARTBEAT_STALE_SECONDS = 60;
/** Marks of processes gone for longer than this are dropped (a worker that was ever seen stays expected a day). */
const HEARTBEAT_KEEP = '1 day';

const SYSTEM = { companyId: null, system: true } as const;

export interface TWorkerHeartbeat {
  readonly processId: string;
  /** Resolves once the first mark is written (or failed), so a process is ready with its mark in place. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Writes one mark now (start does it at once, then every interval). */
  beat(): Promise<void>;
}

/**
 * The worker process's mark in worker_heartbeats (migration 0038). The timer runs on the event loop the jobs use,
 * so a process whose loop is wedged stops beating; a database that refuses writes does too.
 */
export function createWorkerHeartbeat(opts: {
  db: TDatabase;
  worker?: boolean;
  intervalMs?: number;
  log?: { warn: (o: unknown, msg: string) => void };
}): TWorkerHeartbeat {
  const processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const startedAt = new Date().toISOString();
  const intervalMs = opts.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;

  const beat = async () => {
    await runInScope(opts.db, SYSTEM, async (tx) => {
      await tx.execute(sql`
        insert into worker_heartbeats (process_id, host, pid, started_at, beat_at, worker)
        values (${processId}, ${hostname()}, ${process.pid}, ${startedAt}::timestamptz, now(), ${opts.worker ?? true})
        on conflict (process_id) do update set beat_at = now()`);
      await tx.execute(sql`delete from worker_heartbeats where beat_at < now() - ${HEARTBEAT_KEEP}::interval`);
    });
  };
  const tick = () =>
    (inFlight ??= beat()
      .catch((err) => opts.log?.warn({ err }, 'worker heartbeat failed'))
      .finally(() => {
        inFlight = null;
      }));

  return {
    processId,
    async start() {
      if (timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      await tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
      // A clean stop removes the mark at once: the deployment no longer expects this worker.
      await runInScope(opts.db, SYSTEM, (tx) => tx.execute(sql`delete from worker_heartbeats where process_id = ${processId}`)).catch(() => undefined);
    },
    beat,
  };
}

/** What /health/ready needs to know about workers, in one statement (`processId`: whether that one mark is fresh). */
export async function readWorkerHeartbeats(
  tx: TTx,
  opts: { processId?: string } = {},
): Promise<{ known: number; fresh: number; ownFresh: boolean; lastBeatAt: Date | null }> {
  const fresh = sql`beat_at > now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})`;
  const rows = await tx.execute<{ known: number; fresh: number; own_fresh: boolean; last_beat_at: string | Date | null }>(sql`
    select count(*)::int as known,
           (count(*) filter (where ${fresh}))::int as fresh,
           coalesce(bool_or(process_id = ${opts.processId ?? ''} and ${fresh}), false) as own_fresh,
           max(beat_at) as last_beat_at
    from worker_heartbeats
    where worker and beat_at > now() - ${HEARTBEAT_KEEP}::interval`);
  const r = rows.rows[0];
  return {
    known: Number(r?.known ?? 0),
    fresh: Number(r?.fresh ?? 0),
    ownFresh: r?.own_fresh === true,
    lastBeatAt: r?.last_beat_at ? new Date(r.last_beat_at) : null,
  };
}
