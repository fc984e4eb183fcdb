import { createHash, timingSafeEqual } from 'node:crypto';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { readOutboxDepth, totalOutboxDepth } from '../../jobs/outbox-depth';
import { metricsRegistry, setOutboxDepth } from '../../lib/metrics';

/** Scrapes within this long reuse the last queue reading (several Prometheus replicas scrape the same process). */
export const QUEUE_READING_TTL_MS = 5000;

/** Constant-time check of `Authorization: Bearer <token>` (hashing first makes both sides the same length). */
export function isMetricsTokenValid(opts: { authorization: string | undefined; token: string }): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(opts.authorization ?? '');
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(opts.token)) && match !== null;
}

/**
 * Renders the registry in the Prometheus text format, reading the queue first (one statement, at most every
 * QUEUE_READING_TTL_MS). A failed reading leaves the previous values: the scrape still answers.
 */
export function createMetricsRenderer(opts: { deps: Pick<TAppDeps, 'db'>; log?: { warn: (o: unknown, msg: string) => void } }) {
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const refreshQueue = () =>
    (reading ??= runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => readOutboxDepth(tx))
      .then((kinds) => {
        setOutboxDepth({ kinds, oldestDueAgeSeconds: totalOutboxDepth(kinds).oldestDueAgeSeconds });
        readAt = Date.now();
      })
      .catch((err) => opts.log?.warn({ err }, 'metrics: reading the job queue failed'))
      .finally(() => {
        reading = null;
      }));
  return {
    contentType: metricsRegistry.contentType,
    async render(): Promise<string> {
      if (Date.now() - readAt >= QUEUE_READING_TTL_MS) await refreshQueue();
      return metricsRegistry.metrics();
    },
  };
}
