import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, postSignedWebhook } from '../support/api';
import { chooseTheme, launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const COMPANY_NUMBER = '+15550009999';
const customerPhone = `+1555${String(Date.now()).slice(-7)}`;

let browser: Browser;
let root: string;
let messageId: number;
let webhookTag: string;

/** What the web app last copied (CopyButton records it: headless Chromium has no clipboard permission here). */
const lastCopied = (page: Page) => page.evaluate(() => (window as unknown as { __lastCopiedText?: string }).__lastCopiedText ?? null);

beforeAll(async () => {
  browser = await launchBrowser();
  // The company's SMS provider account points at the fake provider (global setup), so a send is a real outside call.
  root = await apiToken('superadmin@example.com');
  const companies = await apiCall<{ member: { id: number; slug: string }[] }>({ token: root, path: '/api/companies?name=Demo%20Motors' });
  const motors = companies.json.member.find((c) => c.slug === 'demo-motors')!;
  const t = currentServer().twilio;
  const patched = await apiCall({
    token: root,
    method: 'PATCH',
    path: `/api/companies/${motors.id}`,
    body: { ocs: { twilioAccountSID: t.accountSid, twilioAuthToken: t.authToken, twilioPhoneNumber: COMPANY_NUMBER } },
  });
  expect(patched.status).toBe(200);
  const agent = await apiToken('agent@motors.example.com');
  const customer = await apiCall<{ id: number }>({
    token: agent,
    method: 'POST',
    path: '/api/customers',
    body: { phone: customerPhone, firstName: 'Devon', lastName: 'Logs' },
  });
  expect(customer.status, JSON.stringify(customer.json)).toBe(201);
  const sent = await apiCall<{ id: number }>({
    token: agent,
    method: 'POST',
    path: '/api/messages',
    body: { customerId: customer.json.id, content: 'Your car is ready', channel: 'sms_provider' },
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(201);
  messageId = sent.json.id;
  // The outbox sends it, and the API log's writer records the provider call shortly after.
  await waitUntil(
    async () => {
      const log = await apiCall<{ member: unknown[] }>({ token: root, path: `/api/development/api_requests?subjectType=message&subjectId=${messageId}` });
      return log.status === 200 && log.json.member.length > 0;
    },
    'the provider call to reach the API log',
    40_000,
    500,
  );
  // An inbound webhook for the webhook log.
  // One word: form bodies are stored as sent (spaces as `+`), and the search matches the stored text.
  webhookTag = `devlog${randomBytes(4).toString('hex')}`;
  const status = await postSignedWebhook({
    path: '/api/webhooks/sms-provider/demo-motors/inbound',
    params: {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: t.accountSid,
      From: customerPhone,
      To: COMPANY_NUMBER,
      Body: `Hello ${webhookTag}`,
      NumMedia: '0',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    },
  });
  expect(status).toBe(200);
});
afterAll(() => browser?.close());

describe('development logs', () => {
  it('a super admin finds the provider call of a just-sent message, opens it and copies it as curl', async () => {
    const ctx = await newContext(browser);
    await chooseTheme(ctx, 'light');
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto('/development/api?vendor=twilio');
    const row = page.getByTestId('api-requests-row').filter({ hasText: `#${messageId}` });
    await row.first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'development-api-light');
    // The row's subject narrows the log to every call made for that message, in the address.
    await row.first().getByTestId('api-requests-subject').click();
    await page.waitForURL((u) => u.searchParams.get('subjectId') === String(messageId));
    await page.getByTestId('api-requests-row').first().click();
    await page.waitForURL((u) => u.searchParams.has('open'));
    const detail = page.getByTestId('api-request-detail');
    await detail.getByTestId('api-request-url').waitFor();
    expect(await detail.getByTestId('api-request-url').textContent()).toContain('/Messages.json');
    await screenshot(page, 'development-api-detail-light');
    await detail.getByTestId('api-request-copy-curl').click();
    await page.waitForFunction(() => (window as unknown as { __lastCopiedText?: string }).__lastCopiedText !== undefined);
    const curl = (await lastCopied(page))!;
    expect(curl.startsWith(`curl '${currentServer().twilio.baseUrl}`)).toBe(true);
    expect(curl).toContain('/Messages.json');
    expect(curl).toContain('--data-raw ');
    expect(curl).toContain('Your+car+is+ready');
    // The credentials never reach the log: the auth header stays redacted in the copied command.
    expect(curl).toContain('[redacted]');
    expect(curl).not.toContain(currentServer().twilio.authToken);
    // The open entry is part of the address: a reload shows the same call.
    await page.reload();
    await page.getByTestId('api-request-detail').getByTestId('api-request-url').waitFor();
    await ctx.close();
  });

  it('the webhook log shows the inbound webhook and replays it after confirmation; stats show the figures (dark theme)', async () => {
    const ctx = await newContext(browser);
    await chooseTheme(ctx, 'dark');
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto(`/development/webhook?source=sms_provider&q=${webhookTag}`);
    const row = page.getByTestId('webhook-requests-row').first();
    await row.waitFor({ timeout: 20_000 });
    await screenshot(page, 'development-webhook-dark');
    await row.click();
    const detail = page.getByTestId('webhook-request-detail');
    await detail.getByTestId('webhook-request-body').waitFor();
    expect(await detail.getByTestId('webhook-request-body').textContent()).toContain('Body=');
    await detail.getByTestId('webhook-request-replay').click();
    await page.getByTestId('replay-dialog').waitFor();
    await page.getByTestId('replay-dialog-confirm').click();
    await page.getByTestId('replay-dialog-result').waitFor({ timeout: 20_000 });
    await screenshot(page, 'development-webhook-replayed-dark');
    await page.getByTestId('replay-dialog-open').click();
    await detail.getByTestId('webhook-request-original').waitFor();

    await page.goto('/development/stats?range=1h');
    await page.getByTestId('dev-stats-calls').waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId('dev-stats-calls').textContent())).toBeGreaterThan(0);
    await page.getByTestId('dev-stats-chart-calls').waitFor();
    await screenshot(page, 'development-stats-dark', { fullPage: true });
    await ctx.close();
  });

  it('the stats and webhook screens in the light theme, the API log in the dark one (the default)', async () => {
    const light = await newContext(browser);
    await chooseTheme(light, 'light');
    const page = await light.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto('/development/stats');
    await page.getByTestId('dev-stats-calls').waitFor({ timeout: 20_000 });
    await screenshot(page, 'development-stats-light', { fullPage: true });
    await page.goto('/development/webhook');
    await page.getByTestId('webhook-requests-row').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'development-webhook-light');
    await light.close();

    const dark = await newContext(browser);
    const darkPage = await dark.newPage();
    await signIn(darkPage, 'superadmin@example.com');
    await darkPage.goto('/development/api');
    await darkPage.getByTestId('api-requests-row').first().waitFor({ timeout: 20_000 });
    await screenshot(darkPage, 'development-api-dark');
    await dark.close();
  });
});
