import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '@cd/server/src/app';
import type { TConfig } from '@cd/server/src/config';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { companies } from '@cd/server/src/modules/companies/companies.schema';
import { customerLinks } from '@cd/server/src/modules/customer-links/customer-links.schema';
import { resolvePaymentLink } from '@cd/server/src/modules/payments/payment-public.service';
import { paymentRequests, paymentWebhookEvents } from '@cd/server/src/modules/payments/payment-requests.schema';
import { createUsaepayProcessor } from '@cd/server/src/payments/usaepay/usaepay-adapter';
import { isValidUsaepaySignature } from '@cd/server/src/payments/usaepay/usaepay-auth';
import { startFakeUsaepay, type TFakeUsaepay } from '@cd/server/test/fakes/fake-usaepay';
import { describeMachine, writeResultFile } from './results';
import { prepareEnvironment } from './setup';
import { formatTable, nowMs, ratioOf, summarizeLatencies, type TLatencyFigures } from './stats';

const SYSTEM = { companyId: null, system: true } as const;
/** Sequential requests per target after the warm-up, app and baseline interleaved. */
const REQUESTS = Number(process.env.BENCH_PAYMENT_REQUESTS ?? 300);
const WARMUP = 30;
/** Webhook throughput: this many deliveries in flight at once, for this many per target. */
const WEBHOOK_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 8);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const CARD = '4000100011112224';

/** A fresh client address per request: the public routes limit each address, and the app trusts the proxy here. */
let addressSeq = 0;
const nextAddress = () => {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

/**
 * The floor under both routes: the page resolves the code with the same function the app uses (link → company scope
 * → request → company) and answers the request's figures; the webhook checks the same HMAC over the raw body, stores
 * the event once and asks the processor for the transaction (as the app does before trusting an event).
 */
function buildPaymentBaseline(opts: { db: TDatabase; fake: TFakeUsaepay; companyId: number }): FastifyInstance {
  const { db, fake, companyId } = opts;
  const processor = createUsaepayProcessor({ baseUrl: fake.baseUrl, apiKey: fake.key.apiKey, pin: fake.key.pin, webhookSignatureKey: fake.key.signatureKey });
  const app = Fastify({ logger: false });
  app.get('/api/public/payments/:code', async (request) => {
    const { code } = request.params as { code: string };
    const r = await runInScope(db, SYSTEM, (tx) => resolvePaymentLink(tx, { code }));
    return { state: r.state, invoice: r.request.invoice, amountCents: r.request.amountCents, products: r.request.products, company: r.company.name };
  });
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/webhooks/payment/usaepay/:slug/transaction', async (request, reply) => {
      const raw = request.body as Buffer;
      const signature = String(request.headers['x-signature'] ?? '');
      if (!isValidUsaepaySignature({ signatureKey: fake.key.signatureKey, rawBody: raw, signature })) return reply.status(403).send({ error: 'bad_signature' });
      const event = JSON.parse(raw.toString('utf8')) as { event_id: string; event_body: { object: { key: string } } };
      const stored = await runInScope(db, { companyId }, (tx) =>
        tx
          .insert(paymentWebhookEvents)
          .values({ companyId, provider: 'usaepay', eventId: event.event_id, outcome: 'baseline' })
          .onConflictDoNothing()
          .returning({ eventId: paymentWebhookEvents.eventId }),
      );
      if (stored.length) await processor.getTransaction({ transactionKey: event.event_body.object.key });
      return { ok: true, duplicate: stored.length === 0 };
    });
  });
  return app;
}

async function readPage(opts: { url: string }): Promise<number> {
  const t0 = nowMs();
  const res = await fetch(opts.url, { headers: { 'x-forwarded-for': nextAddress() } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${opts.url} answered ${res.status}`);
  return nowMs() - t0;
}

/** Each delivery a new event id for the same (paid) transaction: verified, stored once, re-fetched, applied idempotently. */
function deliveryOf(opts: { template: Record<string, unknown>; fake: TFakeUsaepay }): { body: string; signature: string } {
  const body = JSON.stringify({ ...opts.template, event_id: randomUUID().replaceAll('-', '') });
  return { body, signature: opts.fake.sign(body) };
}

async function deliverMany(opts: { url: string; count: number; concurrency: number; make: () => { body: string; signature: string } }) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = nowMs();
  const worker = async () => {
    while (next < opts.count) {
      next += 1;
      const d = opts.make();
      const s = nowMs();
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': d.signature, 'x-forwarded-for': nextAddress() },
        body: d.body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      latencies.push(nowMs() - s);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (nowMs() - t0) / 1000;
  return { perSecond: opts.count / seconds, latency: summarizeLatencies({ values: latencies }) };
}

interface TPaymentBenchRow {
  name: string;
  baseline: TLatencyFigures & { perSecond?: number };
  app: TLatencyFigures & { perSecond?: number };
  ratio: number;
}

async function preparePayments(opts: { db: TDatabase; fake: TFakeUsaepay; config: TConfig }) {
  const { db, fake } = opts;
  const [company] = await runInScope(db, SYSTEM, (tx) => tx.select().from(companies).where(eq(companies.slug, 'demo-motors')));
  if (!company) throw new Error('the demo company is missing from the seed');
  const payment = {
    ...(company.payment ?? {}),
    provider: 'current',
    enabled: true,
    apiKey: fake.key.apiKey,
    pin: fake.key.pin,
    webhookSignature: fake.key.signatureKey,
  };
  await runInScope(db, SYSTEM, (tx) =>
    tx
      .update(companies)
      .set({ payment } as never)
      .where(eq(companies.id, company.id)),
  );
  // The seed leaves one request waiting with a working link; the bench pays a second one to get a real event.
  const links = await runInScope(db, SYSTEM, (tx) =>
    tx
      .select({ code: customerLinks.code, entityId: customerLinks.entityId })
      .from(customerLinks)
      .innerJoin(paymentRequests, and(eq(paymentRequests.companyId, customerLinks.companyId), eq(paymentRequests.id, customerLinks.entityId)))
      .where(
        and(
          eq(customerLinks.companyId, company.id),
          eq(customerLinks.purpose, 'payment'),
          sql`${paymentRequests.status} = 'sent'`,
          sql`${customerLinks.revokedAt} is null`,
        ),
      ),
  );
  if (!links.length) throw new Error('the seed has no payment request waiting with a link');
  return { companyId: company.id, slug: company.slug, code: links[0]!.code };
}

/**
 * The public payment page's API and the card processor's webhook against bare routes doing the same essential work,
 * on PGlite (and PostgreSQL when it answers). Page: one request at a time. Webhook: WEBHOOK_CONCURRENCY in flight.
 */
export async function runPaymentsBenchmark(opts: { databaseUrl?: string }): Promise<void> {
  const fake = await startFakeUsaepay();
  // USAePay allows 45 calls a minute per key (the fake enforces it): the bench measures our side, not that quota.
  fake.setRateLimit(1_000_000_000);
  const env = await prepareEnvironment({
    databaseUrl: opts.databaseUrl,
    extraUsers: 0,
    env: { PAYMENTS_SIMULATE: 'false', USAEPAY_BASE_URL: fake.baseUrl, TRUST_PROXY: 'true' },
  });
  try {
    const { companyId, slug, code } = await preparePayments({ db: env.db, fake, config: env.config });
    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    // The page is read on a simulating app: with USAePay each read also fetches the processor's public key (an outside
    // call the bench would only measure the fake gateway with).
    const pageApp = await buildApp({ config: { ...env.config, payments: { ...env.config.payments, simulate: true } }, db: env.db, logger: false });
    const baseline = buildPaymentBaseline({ db: env.db, fake, companyId });
    try {
      const bases = {
        app: await app.listen({ host: '127.0.0.1', port: 0 }),
        page: await pageApp.listen({ host: '127.0.0.1', port: 0 }),
        baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }),
      };
      const pagePath = `/api/public/payments/${code}`;
      const samples = { page: [] as number[], baseline: [] as number[] };
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const order = i % 2 === 0 ? (['page', 'baseline'] as const) : (['baseline', 'page'] as const);
        for (const target of order) {
          const ms = await readPage({ url: bases[target] + pagePath });
          if (i >= WARMUP) samples[target].push(ms);
        }
      }
      const page = { app: summarizeLatencies({ values: samples.page }), baseline: summarizeLatencies({ values: samples.baseline }) };

      // A real sale through the app's public charge, so the gateway queues a real event about our request.
      fake.setWebhook({ url: 'http://127.0.0.1:9/not-delivered' });
      const charged = await fetch(`${bases.app}${pagePath}/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ paymentKey: fake.issuePaymentKey({ number: CARD }), idempotencyKey: randomUUID() }),
      });
      const outcome = (await charged.json()) as { outcome?: string };
      if (outcome.outcome !== 'approved') throw new Error(`the bench charge was not approved: ${JSON.stringify(outcome)}`);
      const event = fake.pendingEvents().at(-1);
      if (!event) throw new Error('the fake gateway queued no event for the sale');
      const template = JSON.parse(event) as Record<string, unknown>;
      const make = () => deliveryOf({ template, fake });
      const hook = {
        baseline: await deliverMany({
          url: `${bases.baseline}/api/webhooks/payment/usaepay/${slug}/transaction`,
          count: WEBHOOKS,
          concurrency: WEBHOOK_CONCURRENCY,
          make,
        }),
        app: await deliverMany({
          url: `${bases.app}/api/webhooks/payment/usaepay/${slug}/transaction`,
          count: WEBHOOKS,
          concurrency: WEBHOOK_CONCURRENCY,
          make,
        }),
      };
      const rows: TPaymentBenchRow[] = [
        { name: 'GET /api/public/payments/{code} (one at a time)', ...page, ratio: ratioOf({ ours: page.app.p50Ms, baseline: page.baseline.p50Ms }) },
        {
          name: `POST payment webhook (${WEBHOOK_CONCURRENCY} in flight)`,
          app: { ...hook.app.latency, perSecond: hook.app.perSecond },
          baseline: { ...hook.baseline.latency, perSecond: hook.baseline.perSecond },
          ratio: ratioOf({ ours: hook.app.perSecond, baseline: hook.baseline.perSecond }),
        },
      ];
      console.log(`\ndatabase ${env.db.kind}; page ${REQUESTS} sequential requests per target after ${WARMUP} warm-up; ${WEBHOOKS} webhooks per target`);
      console.log(
        formatTable({
          header: ['what', 'base p50', 'app p50', 'base p95', 'app p95', 'base /s', 'app /s', 'ratio'],
          rows: rows.map((r) => [
            r.name,
            r.baseline.p50Ms.toFixed(2),
            r.app.p50Ms.toFixed(2),
            r.baseline.p95Ms.toFixed(2),
            r.app.p95Ms.toFixed(2),
            r.baseline.perSecond?.toFixed(0) ?? '-',
            r.app.perSecond?.toFixed(0) ?? '-',
            r.ratio.toFixed(2),
          ]),
        }),
      );
      console.log('ratio: page = app p50 / baseline p50 (lower is better); webhook = app /s ÷ baseline /s (higher is better)');
      const file = writeResultFile({ name: `payments-${env.db.kind}`, report: { machine: describeMachine(), rows } });
      console.log(`results: ${file}`);
    } finally {
      await app.close();
      await pageApp.close();
      await baseline.close();
    }
  } finally {
    await env.dispose();
    await fake.close();
  }
}
