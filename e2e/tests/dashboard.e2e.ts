import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { chooseTheme, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin@motors.example.com');
});
afterAll(() => browser?.close());

const countOf = async (text: Promise<string | null>) => Number((await text)?.trim() ?? 'NaN');

describe('dashboard: the company admin sees today move', () => {
  it("a customer writing in and an agent's reply show up in today's counts without a reload", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    const live = liveStreamOpened(page);
    await page.goto('/dashboard');
    const conversations = page.getByTestId('dashboard-conversations-count');
    await conversations.waitFor({ timeout: 20_000 });
    await live;
    const before = await countOf(conversations.textContent());
    const inBefore = await countOf(page.getByTestId('dashboard-messages-in').textContent());
    expect(Number.isInteger(before)).toBe(true);

    // A new customer writes in through the phone simulator, and the admin answers.
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const customer = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/customers',
      body: { phone, firstName: 'Dana', lastName: 'Dashboard' },
    });
    expect(customer.status).toBe(201);
    const inbound = await apiCall({
      token: admin,
      method: 'POST',
      path: '/api/simulator/reply',
      body: { customerId: customer.json.id, body: 'Is my car ready?' },
    });
    expect(inbound.status, JSON.stringify(inbound.json)).toBe(204);
    const reply = await apiCall({
      token: admin,
      method: 'POST',
      path: '/api/messages',
      body: { customerId: customer.json.id, content: 'Yes, ready for pickup.', channel: 'simulator' },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);

    // Live refresh (throttled to one refetch per 10 s) brings the new conversation in.
    await waitUntil(async () => (await countOf(conversations.textContent())) >= before + 1, "today's conversation count to grow", 40_000, 500);
    await waitUntil(async () => (await countOf(page.getByTestId('dashboard-messages-in').textContent())) >= inBefore + 1, 'messages in to grow', 20_000, 500);
    await screenshot(page, 'dashboard-after-conversation', { fullPage: true });

    // The card leads to the list behind it.
    await page.getByTestId('dashboard-conversations-link').click();
    await page.waitForURL((u) => u.pathname === '/communication/inbox');
    await ctx.close();
  });

  it('a reminder is added, shown and marked done; analytics opens from the dashboard with a shareable address', async () => {
    const ctx = await newContext(browser);
    await chooseTheme(ctx, 'dark');
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await page.goto('/dashboard');
    const text = `Call the insurer ${Date.now()}`;
    await page.getByTestId('reminder-text').fill(text);
    await page.getByTestId('reminder-add').click();
    const row = page.getByTestId('reminder-row').filter({ hasText: text });
    await row.waitFor();
    // A controlled box: it stays unticked while the row leaves the open list.
    await row.getByTestId('reminder-done').click();
    await row.waitFor({ state: 'detached' });

    await page.getByTestId('dashboard-analytics-link').click();
    await page.getByTestId('analytics-summary').waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByTestId('analytics-period-mtd').click();
    await page.waitForURL((u) => u.searchParams.get('period') === 'mtd');
    await page.getByTestId('analytics-chart-days').waitFor();
    await screenshot(page, 'analytics-dark-mtd', { fullPage: true });
    await ctx.close();
  });
});
