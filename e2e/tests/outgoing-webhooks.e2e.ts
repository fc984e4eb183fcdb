import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

/**
 * Outgoing webhooks end to end (issue 21, docs/outgoing-webhooks.md): a company admin subscribes a local receiver on
 * the screen (the e2e server allows 127.0.0.1 through SAFE_FETCH_ALLOW_HOSTS, a test-only setting), and the receiver
 * checks every delivery with the verification snippet of the documentation, exactly as an integrator would.
 */

const ADMIN = 'admin@motors.example.com';

type TVerify = (secret: string, rawBody: string, header: string, now?: number) => boolean;
interface TGot {
  eventId: string;
  type: string;
  verified: boolean;
  headerEventId: string;
}

/** The verification snippet exactly as docs/outgoing-webhooks.md shows it (between its markers). */
function docSnippet(): TVerify {
  const doc = readFileSync(path.join(__dirname, '../../docs/outgoing-webhooks.md'), 'utf8');
  const block = /<!-- verification-snippet:start -->\s*```js\n([\s\S]*?)```\s*<!-- verification-snippet:end -->/.exec(doc);
  if (!block) throw new Error('no verification snippet in docs/outgoing-webhooks.md');
  return new Function('require', `${block[1]}\nreturn verifyCourierSignature;`)(createRequire(import.meta.url)) as TVerify;
}

/** The integrator's receiver: verifies with the secret it was given, answers 200 only to a genuine delivery. */
async function startReceiver(verify: TVerify) {
  const got: TGot[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const verified = secret !== '' && verify(secret, raw, String(req.headers['x-courier-signature'] ?? ''));
      const event = JSON.parse(raw) as { id: string; type: string };
      got.push({ eventId: event.id, type: event.type, verified, headerEventId: String(req.headers['x-courier-event-id'] ?? '') });
      res.writeHead(verified ? 200 : 400, { 'content-type': 'text/plain' }).end(verified ? 'ok' : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/courier-hook`,
    got,
    useSecret: (s: string) => {
      secret = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver(docSnippet());
});
afterAll(async () => {
  await receiver?.close();
  await browser?.close();
});

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

describe('outgoing webhooks (issue 21)', () => {
  it('an admin subscribes a receiver that verifies the signature, sees the deliveries in the log and replays one', async () => {
    const ctx = await newContext(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await page.goto('/settings/webhooks');
    await setTheme(page, 'light');
    await page.getByTestId('webhooks-page').waitFor();

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(receiver.url);
    await page.getByTestId('webhook-description').fill('E2E receiver');
    await page.getByTestId('webhook-event-customer.created').check();
    await screenshot(page, 'webhooks-create-light');
    await page.getByTestId('webhook-endpoint-submit').click();

    // The secret is shown once, right after creating; the integrator copies it into the receiver.
    const secretBox = page.getByTestId('webhook-secret-value');
    await secretBox.waitFor();
    const shown = ((await secretBox.textContent()) ?? '').trim();
    expect(shown).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('webhook-secret-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
    // Headless Chromium may refuse clipboard reads; when it allows them, the copy is the secret.
    if (copied !== null) expect(copied).toBe(shown);
    receiver.useSecret(copied ?? shown);
    await screenshot(page, 'webhooks-secret-light');
    await page.getByTestId('webhook-secret-close').click();

    const row = page.locator('[data-testid="webhook-row"]', { has: page.getByText(receiver.url, { exact: true }) });
    await row.waitFor();
    await row.getByTestId('webhook-test').click();

    // A real event: a customer created in the company.
    const token = await apiToken(ADMIN);
    const phone = `+1202556${String(Date.now() % 10_000).padStart(4, '0')}`;
    const created = await apiCall<{ id: number }>({ method: 'POST', path: '/api/customers', token, body: { phone, firstName: 'Webhook', lastName: 'E2E' } });
    expect(created.status).toBe(201);

    await waitUntil(
      async () => receiver.got.some((g) => g.type === 'ping') && receiver.got.some((g) => g.type === 'customer.created'),
      'the receiver got the ping and the customer.created event',
      30_000,
    );
    expect(
      receiver.got.every((g) => g.verified),
      JSON.stringify(receiver.got),
    ).toBe(true);
    expect(receiver.got.every((g) => g.headerEventId === g.eventId)).toBe(true);

    // The log shows both as delivered.
    await row.getByTestId('webhook-deliveries-open').click();
    const drawer = page.getByTestId('webhook-deliveries');
    await drawer.waitFor();
    for (const type of ['ping', 'customer.created'])
      await drawer.locator(`[data-testid="webhook-delivery-row"][data-type="${type}"] [data-status="succeeded"]`).first().waitFor();
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        // Closed first: the open log is part of the address and would otherwise come back by itself after the reload.
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        await setTheme(page, 'dark');
        await row.getByTestId('webhook-deliveries-open').click();
        await drawer.locator('[data-testid="webhook-delivery-row"][data-type="customer.created"] [data-status="succeeded"]').first().waitFor();
      }
      await screenshot(page, `webhooks-log-${theme}`);
    }

    // Replay the customer.created delivery: one more attempt, same event id.
    const original = receiver.got.find((g) => g.type === 'customer.created')!;
    const before = receiver.got.length;
    await drawer.locator('[data-testid="webhook-delivery-row"][data-type="customer.created"]').first().getByTestId('webhook-delivery-replay').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, 'webhooks-replay-dark');
    await page.getByTestId('confirm-dialog-confirm').click();
    await waitUntil(async () => receiver.got.length > before, 'the replay reached the receiver', 30_000);
    await new Promise((r) => setTimeout(r, 500));
    const replayed = receiver.got.slice(before);
    expect(replayed).toHaveLength(1);
    expect(replayed[0]).toMatchObject({ eventId: original.eventId, type: 'customer.created', verified: true });
    // The replay shows in the log as delivered (the drawer polls while a delivery is pending).
    await drawer.locator('[data-testid="webhook-delivery-row"][data-type="customer.created"] [data-status="succeeded"]').nth(1).waitFor({ timeout: 15_000 });
    await screenshot(page, 'webhooks-replayed-dark');

    // Leave the company without the test's endpoint, so later tests' customers are not sent to a closed receiver.
    const list = await apiCall<{ member: { id: number; url: string }[] }>({ path: '/api/webhook_endpoints', token });
    for (const ep of list.json.member.filter((e) => e.url === receiver.url))
      expect((await apiCall({ method: 'DELETE', path: `/api/webhook_endpoints/${ep.id}`, token })).status).toBe(204);
    await ctx.close();
  }, 180_000);
});
