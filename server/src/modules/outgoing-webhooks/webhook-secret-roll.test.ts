import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { deliverWebhook } from './outgoing-webhooks.jobs';
import { SECRET_GRACE_SECONDS, verifyWebhookSignature } from './webhook-signature';
import { startReceiver } from './webhook-receiver.test-helper';

/** Rolling a secret keeps the previous one signing for a grace period (docs/outgoing-webhooks.md "Rolling the secret"). */

let t: TTestApp;
let s: TSeededCompany;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let nextCustomerId = 1;

const call = (method: 'GET' | 'POST', url: string, body?: unknown) => caller(t)(method, url, admin, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);

beforeAll(async () => {
  t = await createTestApp({ SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  s = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function createEndpoint(path: string): Promise<{ id: number; secret: string }> {
  const res = await call('POST', '/api/webhook_endpoints', { url: receiver.url(path), events: ['customer.created'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function roll(endpointId: number): Promise<string> {
  const started = Date.now();
  const res = await call('POST', `/api/webhook_endpoints/${endpointId}/roll_secret`);
  expect(res.statusCode, res.body).toBe(200);
  // The answer says until when the replaced secret keeps signing, so the screen can tell the admin.
  const until = Date.parse((res.json() as { previousSecretExpiresAt: string }).previousSecretExpiresAt);
  expect(until).toBeGreaterThanOrEqual(started + SECRET_GRACE_SECONDS * 1000 - 60_000);
  expect(until).toBeLessThanOrEqual(Date.now() + SECRET_GRACE_SECONDS * 1000 + 60_000);
  return (res.json() as { secret: string }).secret;
}

/**
 * Records a customer.created event (the trigger makes the delivery and its job) and runs that one attempt at `at` —
 * the delivery job's clock seam — returning the signature header and body the receiver got.
 */
async function deliverAt(endpointId: number, path: string, at: Date): Promise<{ header: string; body: string; t: number }> {
  const customerId = nextCustomerId++;
  await runInScope(t.db, { companyId: s.companyId }, (tx) =>
    tx.execute(sql`insert into live_events (company_id, topics, payload) values (${s.companyId}, array['t'],
      ${JSON.stringify({ event: 'created', entity: 'customer', action: null, data: { id: customerId }, changes: null, extra: null })}::jsonb)`),
  );
  const [job] = await system(
    async (tx) =>
      (
        await tx.execute(sql`select j.id, d.id as delivery_id from webhook_deliveries d
          join outbox_jobs j on j.company_id = d.company_id and j.kind = 'outgoing_webhook.deliver' and (j.payload->>'deliveryId')::bigint = d.id
          where d.company_id = ${s.companyId} and d.endpoint_id = ${endpointId} and d.status = 'pending' order by d.id desc limit 1`)
      ).rows as { id: number; delivery_id: number }[],
  );
  const before = receiver.received.length;
  await deliverWebhook({
    deps: t.app.deps,
    companyId: s.companyId,
    deliveryId: Number(job!.delivery_id),
    jobId: Number(job!.id),
    options: { now: () => at },
  });
  const got = receiver.received.slice(before).find((r) => r.path === path);
  expect(got, 'the receiver got the delivery').toBeDefined();
  const header = String(got!.headers['x-courier-signature']);
  return { header, body: got!.body, t: Math.floor(at.getTime() / 1000) };
}

/** The verification snippet exactly as docs/outgoing-webhooks.md shows it (between its markers). */
function docSnippet(): (secret: string, rawBody: string, header: string, now?: number) => boolean {
  const doc = readFileSync(path.join(__dirname, '../../../../docs/outgoing-webhooks.md'), 'utf8');
  const block = /<!-- verification-snippet:start -->\s*```js\n([\s\S]*?)```\s*<!-- verification-snippet:end -->/.exec(doc);
  if (!block) throw new Error('no verification snippet in docs/outgoing-webhooks.md');
  return new Function('require', `${block[1]}\nreturn verifyCourierSignature;`)(createRequire(import.meta.url)) as ReturnType<typeof docSnippet>;
}

const v1Count = (header: string) => header.split(',').filter((p) => p.startsWith('v1=')).length;

describe('rolling a webhook secret', () => {
  it('signs with the new and the previous secret during the grace period, and with the new one only after it', async () => {
    const ep = await createEndpoint('/roll');
    const before = await deliverAt(ep.id, '/roll', new Date());
    expect(v1Count(before.header), before.header).toBe(1);

    const rolled = await roll(ep.id);
    expect(rolled).not.toBe(ep.secret);
    // The secret shown from now on is the new one; the previous one is never shown again.
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}/secret`)).json()).toEqual({ secret: rolled });

    const inGrace = await deliverAt(ep.id, '/roll', new Date(Date.now() + (SECRET_GRACE_SECONDS - 3600) * 1000));
    expect(inGrace.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [rolled, ep.secret])
      expect(verifyWebhookSignature({ secret, rawBody: inGrace.body, header: inGrace.header, now: inGrace.t }), secret).toBe(true);
    // The documented snippet accepts the delivery with either secret, so a receiver can switch over in that window.
    const verify = docSnippet();
    for (const secret of [rolled, ep.secret]) expect(verify(secret, inGrace.body, inGrace.header, inGrace.t), secret).toBe(true);
    // Each v1 is a genuine signature of its own secret: the new one first.
    const [newSig, oldSig] = inGrace.header.split(',').slice(1);
    expect(verifyWebhookSignature({ secret: rolled, rawBody: inGrace.body, header: `t=${inGrace.t},${newSig}`, now: inGrace.t })).toBe(true);
    expect(verifyWebhookSignature({ secret: ep.secret, rawBody: inGrace.body, header: `t=${inGrace.t},${oldSig}`, now: inGrace.t })).toBe(true);

    const after = await deliverAt(ep.id, '/roll', new Date(Date.now() + (SECRET_GRACE_SECONDS + 60) * 1000));
    expect(v1Count(after.header), after.header).toBe(1);
    expect(verifyWebhookSignature({ secret: rolled, rawBody: after.body, header: after.header, now: after.t })).toBe(true);
    expect(verifyWebhookSignature({ secret: ep.secret, rawBody: after.body, header: after.header, now: after.t })).toBe(false);
    expect(verify(ep.secret, after.body, after.header, after.t)).toBe(false);
    expect(verify(rolled, after.body, after.header, after.t)).toBe(true);
  });

  it('keeps only the secret just replaced when rolled twice within the grace period', async () => {
    const ep = await createEndpoint('/twice');
    const second = await roll(ep.id);
    const third = await roll(ep.id);
    const got = await deliverAt(ep.id, '/twice', new Date());
    expect(v1Count(got.header), got.header).toBe(2);
    expect(verifyWebhookSignature({ secret: third, rawBody: got.body, header: got.header, now: got.t })).toBe(true);
    expect(verifyWebhookSignature({ secret: second, rawBody: got.body, header: got.header, now: got.t })).toBe(true);
    expect(verifyWebhookSignature({ secret: ep.secret, rawBody: got.body, header: got.header, now: got.t })).toBe(false);
    // The previous secret is stored encrypted, like the current one.
    const [row] = await system(
      async (tx) =>
        (await tx.execute(sql`select previous_secret, previous_secret_expires_at from webhook_endpoints where id = ${ep.id}`)).rows as {
          previous_secret: string;
          previous_secret_expires_at: unknown;
        }[],
    );
    expect(row!.previous_secret).not.toContain(second);
    expect(row!.previous_secret_expires_at).not.toBeNull();
    // Once the grace period is over the endpoint no longer reports one.
    const listed = async () =>
      ((await call('GET', '/api/webhook_endpoints')).json().member as { id: number; previousSecretExpiresAt: string | null }[]).find((e) => e.id === ep.id)!;
    expect((await listed()).previousSecretExpiresAt).not.toBeNull();
    await system((tx) => tx.execute(sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${ep.id}`));
    expect((await listed()).previousSecretExpiresAt).toBeNull();
  });
});
