import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { createLocalLiveBus } from '../../live/local-live-bus';
import { createSseHub } from '../../live/sse-hub';
import { observeOutsideCall } from '../../lib/metrics';
import { createMetricsRenderer, isMetricsTokenValid } from './metrics.service';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TTestApp;
let a: TSeededCompany;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  a = await seedCompany(t.db);
});
afterAll(() => t.close());

type TSample = { name: string; labels: Record<string, string>; value: number };

/** The text exposition format: `# HELP name …`, `# TYPE name kind`, then `name{a="b",…} value` lines. */
function parseExposition(text: string) {
  const help = new Set<string>();
  const types = new Map<string, string>();
  const samples: TSample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'HELP') help.add(meta[2]!);
      else types.set(meta[2]!, meta[3]!);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { help, types, samples };
}

/** The family a sample belongs to (histograms add _bucket/_sum/_count, counters _total in some exporters). */
const familyOf = (name: string, types: Map<string, string>) => (types.has(name) ? name : (name.replace(/_(bucket|sum|count|total|created)$/, '') as string));

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

describe('GET /metrics', () => {
  it('refuses a missing or wrong token with 401, in constant time', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    // A user's JWT is not the metrics token.
    const jwt = (await login(t.app, a.admin.email)).token;
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(jwt) })).statusCode).toBe(401);
    expect(isMetricsTokenValid({ authorization: `bearer ${TOKEN}`, token: TOKEN })).toBe(true);
    expect(isMetricsTokenValid({ authorization: `Basic ${TOKEN}`, token: TOKEN })).toBe(false);
    expect(isMetricsTokenValid({ authorization: 'Bearer ', token: TOKEN })).toBe(false);
  });

  it('answers the Prometheus text format: every series has HELP and TYPE, process metrics included', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { help, types, samples } = parseExposition(res.body);
    expect(samples.length).toBeGreaterThan(20);
    for (const s of samples) {
      const family = familyOf(s.name, types);
      expect(types.has(family), `TYPE of ${s.name}`).toBe(true);
      expect(help.has(family), `HELP of ${s.name}`).toBe(true);
    }
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'courier_sse_subscribers', 'courier_outbox_oldest_due_age_seconds'])
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true);
    expect(types.get('courier_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('courier_outbox_jobs')).toBe('gauge');
  });

  it('labels request timings with the route pattern, never the raw URL; unknown addresses as unmatched', async () => {
    const tok = (await login(t.app, a.admin.email)).token;
    const id = a.agent.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}?x=1`, headers: bearer(tok) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/987654' })).statusCode).toBe(404);
    const { samples } = parseExposition((await scrape()).body);
    const http = samples.filter((s) => s.name === 'courier_http_request_duration_seconds_count');
    expect(http.find((s) => s.labels.route === '/api/users/:id' && s.labels.method === 'GET' && s.labels.status_class === '2xx')?.value).toBeGreaterThanOrEqual(
      1,
    );
    expect(http.find((s) => s.labels.route === 'unmatched' && s.labels.status_class === '4xx')?.value).toBeGreaterThanOrEqual(1);
    for (const s of http) {
      expect(s.labels.route).not.toMatch(/\d{3,}|\?/);
      expect(['unmatched', 'static'].includes(s.labels.route!) || s.labels.route!.startsWith('/')).toBe(true);
    }
  });

  it('exposes outside-call latency by vendor', async () => {
    observeOutsideCall({ vendor: 'twilio', statusClass: '2xx', durationMs: 120 });
    const { samples } = parseExposition((await scrape()).body);
    const count = samples.find(
      (s) => s.name === 'courier_outside_call_duration_seconds_count' && s.labels.vendor === 'twilio' && s.labels.status_class === '2xx',
    );
    expect(count?.value).toBeGreaterThanOrEqual(1);
  });

  it('counts open live streams of every hub of the process', async () => {
    const before = parseExposition((await scrape()).body).samples.find((s) => s.name === 'courier_sse_subscribers')!.value;
    const hub = createSseHub({ live: createLocalLiveBus(), heartbeatSeconds: 60 });
    const raw = Object.assign(new EventEmitter(), {
      write: () => true,
      writeHead: () => undefined,
      end: () => undefined,
      destroy: () => undefined,
      writableLength: 0,
      destroyed: false,
    });
    const sub = hub.openSubscription({ raw: raw as unknown as ServerResponse, selectors: ['/t'], allowed: ['/t'], expiresAtMs: Date.now() + 60_000 });
    sub.start({ headers: {}, replay: [] });
    const during = parseExposition((await scrape()).body).samples.find((s) => s.name === 'courier_sse_subscribers')!.value;
    expect(during).toBe(before + 1);
    hub.close();
    const after = parseExposition((await scrape()).body).samples.find((s) => s.name === 'courier_sse_subscribers')!.value;
    expect(after).toBe(before);
  });

  it('reads the job queue by state and kind, and the age of the oldest due job', async () => {
    const kind = `metrics-test-${Date.now()}`;
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`
        insert into outbox_jobs (company_id, kind, payload, run_at, locked_until, done_at, last_error) values
          (null, ${kind}, '{}', now() - interval '90 seconds', null, null, null),
          (null, ${kind}, '{}', now() - interval '10 seconds', null, null, null),
          (null, ${kind}, '{}', now() + interval '1 hour', null, null, null),
          (null, ${kind}, '{}', now() - interval '5 seconds', now() + interval '1 minute', null, null),
          (null, ${kind}, '{}', now() - interval '1 hour', null, now() - interval '10 minutes', 'gave up: boom'),
          (null, ${kind}, '{}', now() - interval '1 hour', null, now() - interval '10 minutes', null)`),
    );
    // A renderer of its own: the route's may hold a reading of the last five seconds.
    const text = await createMetricsRenderer({ deps: { db: t.db } }).render();
    const { samples } = parseExposition(text);
    const jobs = (state: string) => samples.find((s) => s.name === 'courier_outbox_jobs' && s.labels.kind === kind && s.labels.state === state)?.value;
    expect({ due: jobs('due'), scheduled: jobs('scheduled'), running: jobs('running'), failed: jobs('failed') }).toEqual({
      due: 2,
      scheduled: 1,
      running: 1,
      failed: 1,
    });
    const oldest = samples.find((s) => s.name === 'courier_outbox_oldest_due_age_seconds')!.value;
    expect(oldest).toBeGreaterThanOrEqual(89);
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`delete from outbox_jobs where kind = ${kind}`));
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404 (not served), whatever the token', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
