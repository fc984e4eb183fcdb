import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 20; served on /metrics behind METRICS_TOKEN). One registry per process:
 * lower layers observe into it, the metrics route renders it. docs/monitoring.md lists every series.
 */
export const metricsRegistry = new Registry();

const outsideCallSeconds = new Histogram({
  name: 'courier_outside_call_duration_seconds',
  help: 'Duration of calls to outside systems (SMS, WhatsApp, Viber, DMS, card processors, URL fetches), by vendor and status class.',
  labelNames: ['vendor', 'status_class'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

/** Called by the outside-call recorder for every call, logged or not. */
export function observeOutsideCall(opts: { vendor: string; statusClass: string; durationMs: number }): void {
  outsideCallSeconds.observe({ vendor: opts.vendor, status_class: opts.statusClass }, opts.durationMs / 1000);
}

const httpRequestSeconds = new Histogram({
  name: 'courier_http_request_duration_seconds',
  help: 'Duration of HTTP requests answered by this process, by method, route pattern (never the raw URL) and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** The route label stays bounded: API patterns as registered, built web files as one value, the rest `unmatched`. */
export function routeLabelOf(routePattern: string | undefined): string {
  if (!routePattern) return 'unmatched';
  if (/^\/(api|\.well-known|health)(\/|$)/.test(routePattern) || routePattern === '/metrics' || routePattern === '/REVISION') return routePattern;
  // @fastify/static registers one route per built file; their hashed names change with every build.
  return 'static';
}

export function statusClassOf(status: number | null | undefined): string {
  return status ? `${Math.floor(status / 100)}xx` : 'none';
}

export function observeHttpRequest(opts: { method: string; routePattern: string | undefined; statusCode: number; durationMs: number }): void {
  httpRequestSeconds.observe(
    { method: opts.method, route: routeLabelOf(opts.routePattern), status_class: statusClassOf(opts.statusCode) },
    opts.durationMs / 1000,
  );
}

// Live streams: every hub of the process adds its own count (tests and multi-app processes have several).
const sseSources = new Set<() => number>();
new Gauge({
  name: 'courier_sse_subscribers',
  help: 'Live-update (Mercure SSE) streams open on this process.',
  registers: [metricsRegistry],
  collect() {
    let n = 0;
    for (const size of sseSources) n += size();
    this.set(n);
  },
});

/** An SSE hub reports its subscriber count; the returned function stops it (on hub close). */
export function trackSseSubscribers(size: () => number): () => void {
  sseSources.add(size);
  return () => sseSources.delete(size);
}

export const OUTBOX_STATES = ['due', 'scheduled', 'running', 'failed'] as const;
const outboxJobs = new Gauge({
  name: 'courier_outbox_jobs',
  help: 'Jobs of the outbox queue by state (due, scheduled, running; failed = gave up within the last day), by kind.',
  labelNames: ['state', 'kind'] as const,
  registers: [metricsRegistry],
});
const outboxOldestDue = new Gauge({
  name: 'courier_outbox_oldest_due_age_seconds',
  help: 'Seconds since the oldest due (unclaimed) outbox job became due; 0 when none is due.',
  registers: [metricsRegistry],
});

/** Replaces the queue gauges with a fresh reading (the metrics route reads the queue on scrape, cached briefly). */
export function setOutboxDepth(opts: {
  kinds: { kind: string; due: number; scheduled: number; running: number; failed: number }[];
  oldestDueAgeSeconds: number | null;
}): void {
  // Kinds that emptied since the last reading disappear instead of keeping a stale value.
  outboxJobs.reset();
  for (const k of opts.kinds) for (const state of OUTBOX_STATES) outboxJobs.set({ state, kind: k.kind }, k[state]);
  outboxOldestDue.set(opts.oldestDueAgeSeconds ?? 0);
}

let defaultsOn = false;
/** Node process metrics (CPU, memory, event-loop lag, GC, handles), once per process, only where /metrics is served. */
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
