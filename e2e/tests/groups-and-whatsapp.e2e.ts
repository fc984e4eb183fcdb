import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, providerMessages } from '../support/api';
import { launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A super admin connects Demo Motors to the fake SMS provider and the fake WhatsApp Cloud API.
  const root = await apiToken('superadmin@example.com');
  const companies = await apiCall<{ member: { id: number; slug: string }[] }>({ token: root, path: '/api/companies?name=Demo%20Motors' });
  const motors = companies.json.member.find((c) => c.slug === 'demo-motors')!;
  const t = currentServer().twilio;
  const wa = currentServer().whatsapp;
  const res = await apiCall({
    token: root,
    method: 'PATCH',
    path: `/api/companies/${motors.id}`,
    body: {
      ocs: {
        twilioAccountSID: t.accountSid,
        twilioAuthToken: t.authToken,
        twilioPhoneNumber: '+15550009999',
        whatsAppAccessToken: wa.accessToken,
        whatsAppPhoneNumberId: wa.phoneNumberId,
        whatsAppAppSecret: wa.appSecret,
        whatsAppVerifyToken: 'e2e-verify-token',
      },
    },
  });
  expect(res.status).toBe(200);
  adminToken = await apiToken('admin@motors.example.com');
});
afterAll(() => browser?.close());

describe('group messages', () => {
  it('a group message sent from the groups screen reaches every member through the provider', async () => {
    const tag = randomBytes(3).toString('hex');
    const phones = ['+15557770001', '+15557770002', '+15557770003'];
    const ids: number[] = [];
    for (const [i, phone] of phones.entries()) {
      const c = await apiCall<{ id: number }>({ token: adminToken, method: 'POST', path: '/api/customers', body: { phone, firstName: `Group${i}`, lastName: tag } });
      expect(c.status).toBe(201);
      ids.push(c.json.id);
    }
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await page.goto('/customer-groups');
    await page.getByTestId('groups-page').waitFor();
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-create-name').fill(`Service club ${tag}`);
    await page.getByTestId('group-create-submit').click();
    const row = page.locator('[data-testid^="group-row-"]', { hasText: `Service club ${tag}` });
    await row.waitFor();
    const groupId = Number((await row.getAttribute('data-testid'))!.replace('group-row-', ''));
    const added = await apiCall({ token: adminToken, method: 'PATCH', path: `/api/customer_groups/${groupId}`, body: { addCustomers: ids } });
    expect(added.status).toBe(200);
    await page.reload();
    await page.locator(`[data-testid="group-row-${groupId}"]`).click();
    await page.getByTestId('group-members-tab').click();
    for (const id of ids) await page.getByTestId(`group-member-row-${id}`).waitFor();
    await screenshot(page, 'groups-members');

    await page.getByTestId('group-messages-tab').click();
    const text = `Free tire rotation this week ${tag}`;
    await page.getByTestId('group-composer-input').fill(text);
    await page.getByTestId('group-send').click();
    await page.getByTestId('group-send-confirm').click();
    await waitUntil(async () => {
      const got = (await providerMessages()).filter((m) => m.body === text);
      return got.length === 3;
      // Group sends go through the outbox one member at a time: longer than the default wait.
    }, 'the provider to receive the message for every member', 30_000);
    const got = (await providerMessages()).filter((m) => m.body === text).map((m) => m.to).sort();
    expect(got).toEqual(phones);
    const item = page.locator('[data-testid^="group-message-progress-"]').first();
    await item.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid^="group-message-progress-"]');
      return el?.getAttribute('data-total') === '3';
    }, undefined, { timeout: 20_000 });
    await screenshot(page, 'groups-message-progress');
    await ctx.close();
  });
});

describe('WhatsApp 24-hour window', () => {
  it('a WhatsApp customer past 24 hours can only be sent the invite template', async () => {
    const c = await apiCall<{ id: number }>({ token: adminToken, method: 'POST', path: '/api/customers', body: { phone: '+15557770010', firstName: 'Wanda', lastName: 'Whatsapp', preferredChannel: 'whatsapp' } });
    expect(c.status).toBe(201);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    const live = liveStreamOpened(page);
    await page.goto(`/communication/${c.json.id}/messenger`);
    await page.getByTestId('messenger-thread').waitFor();
    await live;
    expect(await page.getByTestId('composer-channel').inputValue()).toBe('whatsapp');
    await page.getByTestId('composer-whatsapp-window-closed').waitFor();
    // Free text is replaced by the invite: no message box to type into.
    expect(await page.getByTestId('composer-input').count()).toBe(0);
    expect(await page.getByTestId('composer-whatsapp-invite-input').inputValue()).not.toBe('');
    await screenshot(page, 'whatsapp-window-closed');
    // A free-form send through the API is refused by the server too.
    const refused = await apiCall<{ detail: string }>({ token: adminToken, method: 'POST', path: '/api/messages', body: { customerId: c.json.id, content: 'Hello?', channel: 'whatsapp' } });
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toContain('Only the invite template can be sent');
    await page.getByTestId('composer-whatsapp-invite').click();
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-direction="OUTBOUND"]')].some((e) => ['SENT', 'DELIVERED'].includes(e.getAttribute('data-status') ?? '')),
      undefined,
      { timeout: 20_000 },
    );
    await ctx.close();
  });
});
