import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken, postSignedWebhook } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

/**
 * Routing (issue 21): a company admin adds a round-robin rule on the settings screen; two customers text in and the
 * two agents get one each; each agent sees their own conversation with its timer and the recorded decision.
 * A fresh company, so the demo companies' inbound messages are not routed by this rule.
 */

const ROOT = 'superadmin@example.com';
const PASSWORD = 'Route1234Pass';
const SHOTS = '/tmp/shots';
let browser: Browser;
let root: string;
let companyId = 0;

const rand = () => randomBytes(3).toString('hex');
const number = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

beforeAll(async () => {
  browser = await launchBrowser();
  root = await apiToken(ROOT);
});

afterAll(async () => {
  if (companyId) await apiCall({ token: root, method: 'DELETE', path: `/api/companies/${companyId}` });
  await browser?.close();
});

describe('routing (issue 21)', () => {
  // Two browser sessions, a screen-made rule and two routed messages: longer than the default minute on 2 cores.
  it('round robin: two new conversations go to two agents; each sees theirs with the timer and the decision', { timeout: 180_000 }, async () => {
    const tag = rand();
    const slug = `route-motors-${tag}`;
    const company = await apiCall<{ id: number }>({ token: root, method: 'POST', path: '/api/companies', body: { name: `Route Motors ${tag}`, slug } });
    expect(company.status).toBe(201);
    companyId = company.json.id;
    const companyNumber = number();
    const tw = currentServer().twilio;
    const ocs = await apiCall({
      token: root,
      method: 'PATCH',
      path: `/api/companies/${companyId}`,
      body: { ocs: { twilioAccountSID: tw.accountSid, twilioAuthToken: tw.authToken, twilioPhoneNumber: companyNumber } },
    });
    expect(ocs.status).toBe(200);
    const department = `Desk ${tag}`;
    const user = async (first: string, roles: string[], dept: string | null) => {
      const email = `${first.toLowerCase()}.${slug}@test.example`;
      const res = await apiCall<{ id: number }>({
        token: root,
        method: 'POST',
        path: '/api/users',
        body: { firstName: first, lastName: 'Router', email, password: PASSWORD, roles, department: dept, company: `/api/companies/${companyId}` },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return { id: res.json.id, email };
    };
    const admin = await user('Ada', ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], null);
    const agents = [await user('Abe', ['ROLE_USER', 'ROLE_COMMUNICATION'], department), await user('Bea', ['ROLE_USER', 'ROLE_COMMUNICATION'], department)];

    // The response-time target around the clock, so the rows carry a timer whatever the hour of the run.
    const login = await apiCall<{ token: string }>({ method: 'POST', path: '/api/login', body: { email: admin.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const adminToken = login.json.token;
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    const settings = await apiCall({
      token: adminToken,
      method: 'PATCH',
      path: '/api/routing/settings',
      body: { firstReplyMinutes: 90, businessHours: allDay },
    });
    expect(settings.status).toBe(200);

    // The admin adds the rule on the screen.
    const adminCtx = await newContext(browser);
    const page = await adminCtx.newPage();
    await signIn(page, admin.email, PASSWORD);
    await page.goto('/settings/routing');
    await page.getByTestId('routing-add-rule').click();
    await page.getByTestId('routing-rule-name').fill('Service desk round robin');
    await page.getByTestId('routing-rule-department').fill(department);
    await page.getByTestId('routing-rule-save').click();
    await page.getByTestId('routing-rule-dialog').waitFor({ state: 'hidden' });
    await page.locator('[data-testid^="routing-rule-"]', { hasText: 'Service desk round robin' }).first().waitFor();
    const rules = await apiCall<{ member: { strategy: string; department: string }[] }>({ token: adminToken, path: '/api/routing/rules' });
    expect(rules.json.member).toMatchObject([{ strategy: 'round_robin', department }]);
    await setTheme(page, 'light');
    await page.getByTestId('routing-page').waitFor();
    await shot(page, 'routing-settings-light');
    await setTheme(page, 'dark');
    await page.getByTestId('routing-page').waitFor();
    await shot(page, 'routing-settings-dark');
    await adminCtx.close();

    /** A customer's text through the fake provider's signed webhook, as Twilio delivers it. */
    const textIn = (from: string, body: string) =>
      postSignedWebhook({
        path: `/api/webhooks/sms-provider/${slug}/inbound`,
        params: {
          MessageSid: `SM${randomBytes(16).toString('hex')}`,
          AccountSid: tw.accountSid,
          From: from,
          To: companyNumber,
          Body: body,
          NumMedia: '0',
          SmsStatus: 'received',
          ApiVersion: '2010-04-01',
        },
      });

    // Two new customers text in, one after the other.
    const customers: { phone: string; name: string }[] = [];
    for (const name of ['Carla', 'Dino']) {
      const phone = number();
      customers.push({ phone, name });
      const status = await textIn(phone, `Hi, this is ${name}: is my car ready?`);
      expect(status).toBe(200);
    }
    type TList = { member: { id: number; phone: string; user: string | null; responseDueAt: string | null }[] };
    let owned: TList['member'] = [];
    await waitUntil(async () => {
      owned = (await apiCall<TList>({ token: adminToken, path: '/api/customers?itemsPerPage=10' })).json.member;
      return owned.length === 2 && owned.every((c) => c.user !== null);
    }, 'both conversations routed');
    const ownerOf = (phone: string) => owned.find((c) => c.phone === phone)!;
    // Round robin: the first goes to the first agent, the second to the other.
    expect(ownerOf(customers[0]!.phone).user).toBe(`/api/users/${agents[0]!.id}`);
    expect(ownerOf(customers[1]!.phone).user).toBe(`/api/users/${agents[1]!.id}`);

    for (const [i, agent] of agents.entries()) {
      const mine = ownerOf(customers[i]!.phone);
      const theirs = ownerOf(customers[1 - i]!.phone);
      const ctx = await newContext(browser);
      const p = await ctx.newPage();
      await signIn(p, agent.email, PASSWORD);
      await p.goto('/communication/inbox');
      const row = p.getByTestId(`inbox-row-${mine.id}`);
      await row.waitFor();
      await expect.poll(() => row.getByTestId('response-timer').textContent()).toMatch(/\d/);
      expect(await p.getByTestId(`inbox-row-${theirs.id}`).count()).toBe(0);
      if (i === 0) await shot(p, 'routing-inbox-timer');
      await p.goto(`/communication/${mine.id}/details`);
      await p.getByTestId('routing-history').getByRole('button').first().click();
      const decision = p.locator('[data-testid^="routing-decision-"]').first();
      await decision.waitFor();
      const text = (await decision.textContent()) ?? '';
      expect(text).toContain('Service desk round robin');
      expect(text).toContain(`${i === 0 ? 'Abe' : 'Bea'} Router`);
      if (i === 0) await shot(p, 'routing-decision');
      await ctx.close();
    }

    // Without a rule a new conversation has no owner: it waits in the unassigned queue, and an agent takes it there.
    const rule = (await apiCall<{ member: { id: number }[] }>({ token: adminToken, path: '/api/routing/rules' })).json.member[0]!;
    expect((await apiCall({ token: adminToken, method: 'DELETE', path: `/api/routing/rules/${rule.id}` })).status).toBe(204);
    const walkIn = number();
    const sent = await textIn(walkIn, 'Hi, Elena here: can I book a tyre change?');
    expect(sent).toBe(200);
    const ctx = await newContext(browser, { width: 390, height: 844 });
    const abe = await ctx.newPage();
    await signIn(abe, agents[0]!.email, PASSWORD);
    await abe.goto('/communication/inbox');
    await abe.getByTestId('inbox-filter-unassigned').click();
    const queued = abe.locator('[data-testid^="inbox-row-"]', { hasText: 'Elena' });
    await queued.waitFor();
    // Only the unowned conversation is queued, not the two the rule routed.
    expect(await abe.locator('[data-testid^="inbox-row-"]').count()).toBe(1);
    await shot(abe, 'routing-unassigned-queue-390');
    await queued.locator('[data-testid^="inbox-take-"]').click();
    await abe.waitForURL(/\/communication\/\d+\/messenger$/);
    const takenId = Number(/communication\/(\d+)\//.exec(abe.url())![1]);
    await waitUntil(async () => {
      const c = await apiCall<{ user: string | null; phone: string }>({ token: adminToken, path: `/api/customers/${takenId}` });
      return c.json.phone === walkIn && c.json.user === `/api/users/${agents[0]!.id}`;
    }, "the walk-in conversation is Abe's");
    const queue = await apiCall<{ member: unknown[] }>({ token: adminToken, path: '/api/routing/unassigned' });
    expect(queue.json.member).toHaveLength(0);
    await ctx.close();
  });
});
