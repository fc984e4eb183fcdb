import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, postSignedWebhook } from '../support/api';
import { chooseTheme, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const AGENT = 'agent@motors.example.com';
const ADMIN = 'admin@motors.example.com';
const COMPANY_NUMBER = '+15550009999';

let browser: Browser;
let agentToken: string;
let adminToken: string;
let agentId: number;
let adminId: number;
let motorsId: number;
let previousDefaultUser: string | null;
let customer: { id: number; phone: string };

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text });

async function openMenuItem(page: Page, item: 'status' | 'impersonate' | 'profile') {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId(`user-menu-${item}`).click();
  await page.getByTestId(`${item}-dialog`).waitFor();
}

async function setOnline(token: string, id: number) {
  const res = await apiCall({ token, method: 'PATCH', path: `/api/users/${id}`, body: { awayState: { status: 'ONLINE' } } });
  expect(res.status).toBe(200);
}

async function newAgentContext(theme: 'dark' | 'light' = 'dark'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser);
  await chooseTheme(ctx, theme);
  return { ctx, page: await ctx.newPage() };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const root = await apiToken('superadmin@example.com');
  const companies = await apiCall<{ member: { id: number; slug: string }[] }>({ token: root, path: '/api/companies?name=Demo%20Motors' });
  motorsId = companies.json.member.find((c) => c.slug === 'demo-motors')!.id;
  // New conversations arrive through the (fake) SMS provider, as in conversations.e2e.ts.
  const t = currentServer().twilio;
  const patched = await apiCall({
    token: root,
    method: 'PATCH',
    path: `/api/companies/${motorsId}`,
    body: { ocs: { twilioAccountSID: t.accountSid, twilioAuthToken: t.authToken, twilioPhoneNumber: COMPANY_NUMBER } },
  });
  expect(patched.status).toBe(200);
  agentToken = await apiToken(AGENT);
  adminToken = await apiToken(ADMIN);
  agentId = (await apiCall<{ id: number }>({ token: agentToken, path: '/api/me' })).json.id;
  adminId = (await apiCall<{ id: number }>({ token: adminToken, path: '/api/me' })).json.id;
  previousDefaultUser = (await apiCall<{ defaultCustomerUser: string | null }>({ token: adminToken, path: `/api/companies/${motorsId}` })).json.defaultCustomerUser;
  await setOnline(agentToken, agentId);
  const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await apiCall<{ id: number; phone: string }>({ token: agentToken, method: 'POST', path: '/api/customers', body: { phone, firstName: 'Olivia', lastName: 'Awaytest' } });
  expect(created.status).toBe(201);
  customer = created.json;
});

afterAll(async () => {
  // Other suites sign in as these demo users: leave them as they were.
  if (agentToken) {
    await setOnline(agentToken, agentId).catch(() => undefined);
    await apiCall({ token: agentToken, method: 'PATCH', path: `/api/users/${agentId}`, body: { firstName: 'Alex', lastName: 'Carter', theme: 'dark' } }).catch(() => undefined);
  }
  if (adminToken) {
    await apiCall({ token: adminToken, method: 'PATCH', path: `/api/companies/${motorsId}`, body: { defaultCustomerUser: previousDefaultUser } }).catch(() => undefined);
    await apiCall({ token: adminToken, method: 'PATCH', path: `/api/users/${adminId}`, body: { theme: 'dark' } }).catch(() => undefined);
  }
  await browser?.close();
});

describe('status', () => {
  it('AWAY with a text turns the avatar red; a customer who writes gets the text once', async () => {
    const { ctx, page } = await newAgentContext();
    await signIn(page, AGENT);
    const avatar = page.getByTestId('user-avatar');
    expect(await avatar.getAttribute('data-away')).toBe('false');

    await openMenuItem(page, 'status');
    await page.getByTestId('status-option-AWAY').click();
    // Both fields are required once the user is not ONLINE.
    await page.getByTestId('status-save').click();
    await expect.poll(() => page.getByTestId('status-dialog').getByText('Required').count()).toBe(2);
    await page.getByTestId('status-be-back-in').click();
    await page.getByTestId('status-be-back-in-15').click();
    const text = `Out for lunch, back soon ${randomBytes(2).toString('hex')}`;
    await page.getByTestId('status-away-text').fill(text);
    await screenshot(page, 'status-dialog-away-dark');
    await page.getByTestId('status-away-text').press('Enter');
    await toast(page, 'Success').waitFor();
    await page.getByTestId('status-dialog').waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('[data-testid="user-avatar"]')?.getAttribute('data-away') === 'true');
    const red = await avatar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(red).toBe('rgb(241, 107, 107)');

    const me = await apiCall<{ awayState: { status: string; backAt: string; awayText: string } }>({ token: agentToken, path: '/api/me' });
    expect(me.json.awayState).toMatchObject({ status: 'AWAY', awayText: text });
    const minutesAhead = (Date.parse(me.json.awayState.backAt) - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(13);
    expect(minutesAhead).toBeLessThanOrEqual(15);

    // Reopened: the scheduled return is told; saving as is changes nothing.
    await openMenuItem(page, 'status');
    await expect.poll(() => page.getByTestId('status-scheduled').textContent()).toMatch(/You are scheduled to get back online at \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
    await screenshot(page, 'status-dialog-scheduled-dark');
    await page.getByTestId('status-save').click();
    await toast(page, 'no changes').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('status-dialog').waitFor({ state: 'hidden' });

    // The customer writes twice (the simulated phone's reply API); the away text goes out once.
    for (const body of ['Is my car ready?', 'Hello?']) {
      const res = await apiCall({ token: agentToken, method: 'POST', path: '/api/simulator/reply', body: { customerId: customer.id, body } });
      expect(res.status).toBe(204);
    }
    type TConversation = { customerId: number; messages: { direction: string; content: string | null; status: string }[] };
    const autoReplies = async () => {
      const res = await apiCall<TConversation[]>({ token: agentToken, path: '/api/simulator/conversations' });
      return (res.json.find((c) => c.customerId === customer.id)?.messages ?? []).filter((m) => m.direction === 'OUTBOUND' && m.content === text);
    };
    await waitUntil(async () => (await autoReplies()).some((m) => ['SENT', 'DELIVERED'].includes(m.status)), 'the auto-reply to reach the phone');
    expect(await autoReplies()).toHaveLength(1);

    // The agent sees it in the conversation too.
    await page.goto(`/communication/${customer.id}/messenger`);
    await page.locator('[data-testid^="message-"][data-direction="OUTBOUND"]', { hasText: text }).waitFor();
    await screenshot(page, 'status-away-auto-reply');
    await ctx.close();
  });

  it('AWAY_WITH_TRANSFER routes the next new conversation to the chosen colleague; back ONLINE afterwards', async () => {
    const setDefault = await apiCall({ token: adminToken, method: 'PATCH', path: `/api/companies/${motorsId}`, body: { defaultCustomerUser: `/api/users/${agentId}` } });
    expect(setDefault.status).toBe(200);
    const { ctx, page } = await newAgentContext('light');
    await signIn(page, AGENT);
    await openMenuItem(page, 'status');
    await page.getByTestId('status-option-AWAY_WITH_TRANSFER').click();
    await page.getByTestId('status-be-back-in').click();
    await page.getByTestId('status-be-back-in--1').click();
    await page.getByTestId('status-transfer-to').fill('Maria');
    await page.getByTestId(`status-colleague-${adminId}`).click();
    await screenshot(page, 'status-dialog-transfer-light');
    await page.getByTestId('status-save').click();
    await toast(page, 'Success').waitFor();
    await page.getByTestId('status-dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('user-avatar').getAttribute('data-away')).toBe('true');
    const me = await apiCall<{ awayState: unknown }>({ token: agentToken, path: '/api/me' });
    expect(me.json.awayState).toEqual({ status: 'AWAY_WITH_TRANSFER', backAt: null, awayText: null, transferToUserId: adminId });

    // The colleague's inbox, open in another browser.
    const adminCtx = await newContext(browser);
    const adminPage = await adminCtx.newPage();
    const live = liveStreamOpened(adminPage);
    await signIn(adminPage, ADMIN);
    await adminPage.getByTestId('inbox-list').waitFor();
    await live;
    const from = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const body = `First message ${randomBytes(3).toString('hex')}`;
    const status = await postSignedWebhook({
      path: '/api/webhooks/sms-provider/demo-motors/inbound',
      params: { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: currentServer().twilio.accountSid, From: from, To: COMPANY_NUMBER, Body: body, NumMedia: '0', SmsStatus: 'received', ApiVersion: '2010-04-01' },
    });
    expect(status).toBe(200);
    await adminPage.locator('[data-testid^="inbox-row-"]', { hasText: body }).waitFor({ timeout: 15_000 });
    const found = await apiCall<{ member: { id: number; phone: string; user: string | null }[] }>({ token: adminToken, path: `/api/customers?search=${encodeURIComponent(from.slice(2))}` });
    const created = found.json.member.find((c) => c.phone === from)!;
    expect(created.user).toBe(`/api/users/${adminId}`);
    // The away agent does not own it.
    expect((await apiCall({ token: agentToken, path: `/api/customers/${created.id}` })).status).toBe(404);
    await adminCtx.close();

    // Back ONLINE through the dialog: the avatar turns back.
    await openMenuItem(page, 'status');
    await page.getByTestId('status-option-ONLINE').click();
    await page.getByTestId('status-save').click();
    await toast(page, 'Success').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="user-avatar"]')?.getAttribute('data-away') === 'false');
    await ctx.close();
  });
});

describe('impersonation', () => {
  it('a company admin acts as an agent and switches back through the last entry', async () => {
    const ctx = await newContext(browser);
    await chooseTheme(ctx, 'light');
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await openMenuItem(page, 'impersonate');
    expect(await page.getByTestId('impersonate-confirm').isDisabled()).toBe(true);
    await page.getByTestId('impersonate-user').click();
    const option = page.getByTestId(`impersonate-option-${agentId}`);
    await option.waitFor();
    expect(await option.textContent()).toContain('Alex Carter - User');
    await screenshot(page, 'impersonate-dialog-light');
    await option.click();
    expect(await page.getByTestId('impersonate-confirm').isDisabled()).toBe(false);
    await page.getByTestId('impersonate-confirm').click();
    await page.getByTestId('impersonator-name').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('impersonator-name').evaluate((el) => el.tagName)).toBe('S');
    expect(await page.getByTestId('impersonator-name').textContent()).toBe('Maria Lopez');
    expect(await page.getByTestId('top-bar-user-name').textContent()).toContain('Alex Carter');
    const effective = await page.evaluate(async () => {
      const res = await fetch(`/api/me?impersonate=${encodeURIComponent(localStorage.getItem('impersonate') ?? '')}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await res.json()) as { id: number; impersonator: { id: number } | null };
    });
    expect(effective.id).toBe(agentId);
    expect(effective.impersonator?.id).toBe(adminId);
    await screenshot(page, 'impersonating-top-bar');

    // Back: the real user is the last entry; the impersonated one is marked current.
    await openMenuItem(page, 'impersonate');
    await page.getByTestId('impersonate-user').click();
    const options = page.locator('[data-testid^="impersonate-option-"]');
    await options.first().waitFor();
    expect(await options.last().getAttribute('data-testid')).toBe(`impersonate-option-${adminId}`);
    expect(await options.last().getAttribute('data-kind')).toBe('self');
    expect(await page.getByTestId(`impersonate-option-${agentId}`).getAttribute('aria-disabled')).toBe('true');
    await options.last().click();
    await page.getByTestId('impersonate-confirm').click();
    await page.waitForFunction(() => localStorage.getItem('impersonate') === null && !!document.querySelector('[data-testid="top-bar"]'));
    await page.getByTestId('top-bar-user-name').waitFor();
    await expect.poll(() => page.getByTestId('impersonator-name').count()).toBe(0);
    expect(await page.getByTestId('top-bar-user-name').textContent()).toBe('Maria Lopez');
    await ctx.close();
  });

  it('a super admin picks a company first, then one of its users, by keyboard', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await openMenuItem(page, 'impersonate');
    expect(await page.getByTestId('impersonate-user').isDisabled()).toBe(true);
    // The search is debounced: the list the keys act on must be the server's answer, not the one it replaces.
    const searched = page.waitForResponse((r) => r.url().includes('/api/companies') && new URL(r.url()).searchParams.get('name') === 'Realty');
    await page.getByTestId('impersonate-company').fill('Realty');
    await searched;
    await expect.poll(() => page.locator('[data-testid^="impersonate-company-"]').allTextContents()).toEqual(['Demo Realty']);
    await page.getByTestId('impersonate-company').press('ArrowDown');
    await page.getByTestId('impersonate-company').press('Enter');
    await expect.poll(() => page.getByTestId('impersonate-company').inputValue()).toBe('Demo Realty');
    await page.getByTestId('impersonate-user').click();
    const first = page.locator('[data-testid^="impersonate-option-"]').first();
    await first.waitFor();
    // Realty's company admin is listed first, labelled as such.
    expect(await first.getAttribute('data-kind')).toBe('admin');
    expect(await first.textContent()).toContain('- Company Admin');
    await page.getByTestId('impersonate-user').fill('agent@realty');
    await expect.poll(() => page.locator('[data-testid^="impersonate-option-"]').count()).toBe(1);
    await page.getByTestId('impersonate-user').press('ArrowDown');
    await page.getByTestId('impersonate-user').press('Enter');
    await page.getByTestId('impersonate-user').press('Enter');
    await page.getByTestId('impersonator-name').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('impersonator-name').textContent()).toBe('Sofia Admin');
    expect(await page.evaluate(() => localStorage.getItem('impersonate'))).toBe('agent@realty.example.com');
    await ctx.close();
  });

  it('an agent is not offered company admins', async () => {
    const { ctx, page } = await newAgentContext();
    await signIn(page, AGENT);
    await openMenuItem(page, 'impersonate');
    await page.getByTestId('impersonate-user').click();
    await page.locator('[data-testid^="impersonate-option-"]').first().waitFor();
    expect(await page.locator('[data-kind="admin"]').count()).toBe(0);
    expect(await page.getByTestId(`impersonate-option-${adminId}`).count()).toBe(0);
    await screenshot(page, 'impersonate-dialog-agent-dark');
    await ctx.close();
  });
});

describe('my profile', () => {
  it('saves a name change, checks the password and recipients, and says "no changes"', async () => {
    const { ctx, page } = await newAgentContext();
    await signIn(page, AGENT);
    await openMenuItem(page, 'profile');
    expect(await page.getByTestId('profile-fullName').inputValue()).toBe('Alex Carter');

    // Client rules: password section and recipient lists.
    await page.getByTestId('profile-change-password').check();
    await page.getByTestId('profile-password').fill('weakpass');
    await page.getByTestId('profile-notifySms').check();
    await page.getByTestId('profile-smsRecipients').fill('+15555550150, 12345');
    await page.getByTestId('profile-save').click();
    await page.getByText('These are not valid phone numbers: 12345').waitFor();
    await page.getByText('At least 8 characters, with at least one number and one uppercase letter.').first().waitFor();
    await screenshot(page, 'profile-dialog-errors-dark');
    // A switch clicked while the dialog still re-renders its errors can miss the click: try until it is off.
    for (const id of ['profile-change-password', 'profile-notifySms']) {
      const toggle = page.getByTestId(id);
      await expect
        .poll(async () => {
          if (await toggle.isChecked()) await toggle.click();
          return toggle.isChecked();
        })
        .toBe(false);
    }
    await expect.poll(() => page.getByTestId('profile-smsRecipients').count()).toBe(0);

    // The theme applies at once (and is taken back on cancel).
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBg = await bg();
    await page.getByTestId('profile-theme-light').click();
    await expect.poll(bg).not.toBe(darkBg);
    await screenshot(page, 'profile-dialog-light');
    await page.getByTestId('profile-cancel').click();
    await expect.poll(bg).toBe(darkBg);

    await openMenuItem(page, 'profile');
    await page.getByTestId('profile-fullName').fill('Alexander Carter Smith');
    await page.getByTestId('profile-fullName').press('Enter');
    await toast(page, 'profile updated successfully').waitFor();
    await page.getByTestId('profile-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('top-bar-user-name').textContent()).toBe('Alexander Carter Smith');
    const me = await apiCall<{ firstName: string; lastName: string }>({ token: agentToken, path: '/api/me' });
    expect(me.json).toMatchObject({ firstName: 'Alexander', lastName: 'Carter Smith' });

    await openMenuItem(page, 'profile');
    await page.getByTestId('profile-save').click();
    await toast(page, 'no changes').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('profile-dialog').waitFor({ state: 'hidden' });
    await ctx.close();
  });
});
