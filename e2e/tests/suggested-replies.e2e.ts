import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, postSignedWebhook } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const COMPANY_NUMBER = '+15550009999';
let browser: Browser;
let admin: string;

const phone = () => `+1555771${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

async function customer(firstName: string): Promise<{ id: number; phone: string }> {
  const p = phone();
  const res = await apiCall<{ id: number }>({ token: admin, method: 'POST', path: '/api/customers', body: { phone: p, firstName, lastName: 'Suggestee' } });
  expect(res.status).toBe(201);
  return { id: res.json.id, phone: p };
}

async function inbound(from: string, body: string) {
  const status = await postSignedWebhook({
    path: '/api/webhooks/sms-provider/demo-motors/inbound',
    params: {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: currentServer().twilio.accountSid,
      From: from,
      To: COMPANY_NUMBER,
      Body: body,
      NumMedia: '0',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    },
  });
  expect(status).toBe(200);
}

type TStats = { totals: { shown: number; inserted: number; sent: number } };
const stats = async () => (await apiCall<TStats>({ token: admin, path: '/api/suggested_replies/stats?days=1' })).json.totals;

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
  admin = await apiToken('admin@motors.example.com');
});
afterAll(() => browser?.close());

describe('suggested replies', () => {
  it('offers the answer to an earlier similar question; Alt+1 inserts it (personalised); sending counts as taken', async () => {
    const tag = randomBytes(3).toString('hex');
    const earlier = await customer('Petra');
    await inbound(earlier.phone, `Does the service desk ${tag} open on Saturday morning?`);
    const answer = await apiCall({
      token: admin,
      method: 'POST',
      path: '/api/messages',
      body: { customerId: earlier.id, content: `Hi Petra, the ${tag} desk opens at 8 on Saturdays.` },
    });
    expect(answer.status).toBe(201);
    const now = await customer('Nora');
    await inbound(now.phone, `When does the service desk ${tag} open on Saturday?`);
    const before = await stats();

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await page.goto(`/communication/${now.id}/messenger`);
    const chip = page.getByTestId('suggested-reply-1');
    await chip.waitFor({ timeout: 15_000 });
    expect(await chip.getAttribute('data-kind')).toBe('past_reply');
    expect(await page.getByTestId('suggested-replies-hint').textContent()).toMatch(/^Alt\+1…\d inserts$/);
    await screenshot(page, 'suggested-replies-chips');
    await page.keyboard.press('Alt+Digit1');
    const input = page.getByTestId('composer-input');
    expect(await input.inputValue()).toBe(`Hi Nora, the ${tag} desk opens at 8 on Saturdays.`);
    // Inserted, not sent: no new outbound yet.
    await screenshot(page, 'suggested-replies-inserted');
    await input.press('Enter');
    await page.locator('[data-direction="OUTBOUND"]', { hasText: `Hi Nora, the ${tag} desk` }).waitFor({ timeout: 15_000 });
    await waitUntil(async () => (await stats()).sent === before.sent + 1, 'the sent count to grow by one');
    const after = await stats();
    expect(after.shown).toBe(before.shown + 1);
    expect(after.inserted).toBe(before.inserted + 1);
    await ctx.close();
  });
});
