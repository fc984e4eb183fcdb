import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, postSignedWebhook, providerMessages } from '../support/api';
import { launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const COMPANY_NUMBER = '+15550009999';
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
let agentToken: string;
let customerId: number;
const customerPhone = '+15556660001';

const outbound = (page: Page, text: string) => page.locator('[data-testid^="message-"][data-direction="OUTBOUND"]', { hasText: text });

async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-badge');
  if (!(await badge.count())) return 0;
  const text = (await badge.first().textContent())?.trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : 0;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The company connects its SMS provider account (a super admin's job), pointing at the fake provider.
  const root = await apiToken('superadmin@example.com');
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
  agentToken = await apiToken('agent@motors.example.com');
  const created = await apiCall<{ id: number }>({ token: agentToken, method: 'POST', path: '/api/customers', body: { phone: customerPhone, firstName: 'Erin', lastName: 'Endtoend' } });
  expect(created.status).toBe(201);
  customerId = created.json.id;
});
afterAll(() => browser?.close());

describe('conversations over SMS', () => {
  it('an agent sends a message with an attachment; the provider receives it and it becomes delivered', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    const live = liveStreamOpened(page);
    await page.goto(`/communication/${customerId}/messenger`);
    await live;
    await page.getByTestId('composer-input').fill('Here is your invoice');
    await page.getByTestId('composer-file-input').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: TINY_PNG });
    expect(await page.getByTestId('composer-channel').inputValue()).toBe('sms_provider');
    await page.getByTestId('composer-send').click();
    const bubble = outbound(page, 'Here is your invoice');
    await bubble.waitFor();

    await waitUntil(async () => (await providerMessages()).some((m) => m.to === customerPhone && m.body === 'Here is your invoice' && m.num_media === '1'), 'the provider to receive the message');
    const sent = (await providerMessages()).find((m) => m.to === customerPhone && m.body === 'Here is your invoice')!;
    expect(sent.from).toBe(COMPANY_NUMBER);

    const messageId = (await bubble.getAttribute('data-testid'))!.replace('message-', '');
    const status = await postSignedWebhook({
      path: `/api/webhooks/sms-provider/demo-motors/status?messageId=${messageId}`,
      params: { MessageSid: sent.sid, SmsSid: sent.sid, MessageStatus: 'delivered', SmsStatus: 'delivered', AccountSid: currentServer().twilio.accountSid, From: COMPANY_NUMBER, To: customerPhone, ApiVersion: '2010-04-01' },
    });
    expect(status).toBe(204);
    await page.waitForFunction((id) => document.querySelector(`[data-testid="message-${id}"]`)?.getAttribute('data-status') === 'DELIVERED', messageId, { timeout: 15_000 });
    await screenshot(page, 'messenger-delivered');
    await ctx.close();
  });

  it('a signed inbound message appears in another browser without reload and raises the unread count', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const live = liveStreamOpened(page);
    await signIn(page, 'admin@motors.example.com');
    await page.getByTestId('inbox-list').waitFor();
    await live;
    const before = await unreadBadge(page);
    const text = `Hello from e2e ${randomBytes(3).toString('hex')}`;
    const status = await postSignedWebhook({
      path: '/api/webhooks/sms-provider/demo-motors/inbound',
      params: { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: currentServer().twilio.accountSid, From: '+15556660002', To: COMPANY_NUMBER, Body: text, NumMedia: '0', SmsStatus: 'received', ApiVersion: '2010-04-01' },
    });
    expect(status).toBe(200);
    const row = page.locator('[data-testid^="inbox-row-"]', { hasText: text });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-unread')).toBe('true');
    await waitUntil(async () => (await unreadBadge(page)) === before + 1, `the unread badge to reach ${before + 1}`);
    await screenshot(page, 'inbox-live-inbound');
    await ctx.close();
  });

  it('a scheduled message goes out at its time, seen live in the thread', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    const live = liveStreamOpened(page);
    await page.goto(`/communication/${customerId}/messenger`);
    await page.getByTestId('messenger-thread').waitFor();
    await live;
    const at = new Date(Date.now() + 6000).toISOString();
    const res = await apiCall<{ id: number; status: string }>({ token: agentToken, method: 'POST', path: '/api/messages', body: { customerId, content: 'Reminder: pickup at 5 PM', scheduledAt: at, channel: 'simulator' } });
    expect(res.json.status).toBe('scheduled');
    await page.getByTestId(`scheduled-send-now-${res.json.id}`).waitFor({ timeout: 10_000 });
    await screenshot(page, 'messenger-scheduled');
    await page.waitForFunction(
      (id) => ['SENT', 'DELIVERED'].includes(document.querySelector(`[data-testid="message-${id}"]`)?.getAttribute('data-status') ?? ''),
      res.json.id,
      { timeout: 20_000 },
    );
    await ctx.close();
  });

  it('STOP from the customer blocks further sends', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    const live = liveStreamOpened(page);
    await page.goto(`/communication/${customerId}/messenger`);
    await page.getByTestId('messenger-thread').waitFor();
    await live;
    const status = await postSignedWebhook({
      path: '/api/webhooks/sms-provider/demo-motors/inbound',
      params: { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: currentServer().twilio.accountSid, From: customerPhone, To: COMPANY_NUMBER, Body: 'STOP', NumMedia: '0', SmsStatus: 'received', ApiVersion: '2010-04-01' },
    });
    expect(status).toBe(200);
    await page.getByTestId('customer-opt-out-badge').waitFor({ timeout: 15_000 });
    const sentBefore = (await providerMessages()).filter((m) => m.to === customerPhone).length;
    await page.getByTestId('composer-input').fill('Are you still there?');
    await page.getByTestId('composer-send').click();
    const bubble = outbound(page, 'Are you still there?');
    await bubble.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-direction="OUTBOUND"]')].some((e) => e.textContent?.includes('Are you still there?') && e.getAttribute('data-status') === 'blocked'), undefined, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await providerMessages()).filter((m) => m.to === customerPhone)).toHaveLength(sentBefore);
    await screenshot(page, 'messenger-blocked');
    await ctx.close();
  });
});
