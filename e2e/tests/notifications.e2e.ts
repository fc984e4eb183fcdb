import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, expectPath, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';

const AGENT = 'agent@motors.example.com';
let browser: Browser;
let agentToken: string;
let customerId: number;

async function badge(page: Page): Promise<number> {
  const el = page.getByTestId('notification-badge');
  if (!(await el.count()) || !(await el.isVisible())) return 0;
  const text = (await el.textContent())?.trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : 0;
}

/** The customer writes from their phone (the simulator's reply, the same path as an inbound SMS). */
async function customerWrites(body: string) {
  const res = await apiCall({ token: agentToken, method: 'POST', path: '/api/simulator/reply', body: { customerId, body } });
  expect(res.status).toBeLessThan(300);
}

beforeAll(async () => {
  browser = await launchBrowser();
  agentToken = await apiToken(AGENT);
  const me = await apiCall<{ id: number }>({ token: agentToken, path: '/api/me' });
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  // The agent owns the conversation: the owner is who a new customer message notifies.
  const created = await apiCall<{ id: number }>({
    token: agentToken,
    method: 'POST',
    path: '/api/customers',
    body: { phone, firstName: 'Nina', lastName: 'Notify', user: `/api/users/${me.json.id}` },
  });
  expect(created.status).toBe(201);
  customerId = created.json.id;
});
afterAll(() => browser?.close());

describe('staff notifications', () => {
  it('a new customer message shows a live toast and a bell badge; Alt+T opens the centre; a click opens the messenger', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const live = liveStreamOpened(page);
    await signIn(page, AGENT);
    await live;
    await page.getByTestId('notification-bell').waitFor();
    const before = await badge(page);

    await customerWrites('Hi, is my car ready for pickup?');
    const toast = page.locator('[data-testid^="notification-toast-"]', { hasText: 'New message from Nina Notify' });
    await toast.waitFor({ timeout: 15_000 });
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before + 1);
    await screenshot(page, 'notifications-toast-dark');

    // Alt+T toggles the centre; the new notification is on top, unread.
    await page.keyboard.press('Alt+KeyT');
    const center = page.getByTestId('notification-center');
    await center.waitFor();
    const first = center.locator('[data-testid^="notification-"][data-unread]').first();
    await expect.poll(() => first.textContent()).toContain('New message from Nina Notify');
    expect(await first.getAttribute('data-unread')).toBe('true');
    await screenshot(page, 'notifications-centre-dark');
    await page.keyboard.press('Alt+KeyT');
    await center.waitFor({ state: 'hidden' });
    await page.keyboard.press('Alt+KeyT');
    await center.waitFor();

    // A click reads it and lands on the customer's messenger.
    await first.getByTestId('notification-open').click();
    await expectPath(page, `/communication/${customerId}/messenger`);
    await center.waitFor({ state: 'hidden' });
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before);
    await ctx.close();
  });

  it('mark all read clears the badge; the centre in the light theme', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const live = liveStreamOpened(page);
    await signIn(page, AGENT);
    await live;
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-option-light').click();
    await page.waitForFunction(() => localStorage.getItem('theme') === 'light');

    await customerWrites('Also, can you check the brakes?');
    await page.locator('[data-testid^="notification-toast-"]', { hasText: 'Nina Notify' }).waitFor({ timeout: 15_000 });
    await customerWrites('And the tyre pressure, please.');
    await expect.poll(() => badge(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'notifications-toast-light');

    await page.getByTestId('notification-bell').click();
    const center = page.getByTestId('notification-center');
    await center.waitFor();
    await expect.poll(() => center.locator('[data-unread="true"]').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'notifications-centre-light');
    await center.getByTestId('notifications-mark-all-read').click();
    await expect.poll(() => center.locator('[data-unread="true"]').count()).toBe(0);
    await expect.poll(() => badge(page)).toBe(0);
    const count = await apiCall<{ unread: number }>({ token: agentToken, path: '/api/notifications/unread_count' });
    expect(count.json.unread).toBe(0);

    // Delete asks first.
    const top = center.locator('[data-unread]').first();
    const topId = await top.getAttribute('data-testid');
    await top.hover();
    await top.getByTestId('notification-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, 'notifications-delete-confirm-light');
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId(topId!).waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('serves the service worker from the site root and registers it (scope /) only when push is on', async () => {
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const me = await apiCall<{ id: number }>({ token: agentToken, path: '/api/me' });
    const setPush = (push: boolean) => apiCall({ token: agentToken, method: 'PATCH', path: `/api/users/${me.json.id}`, body: { notificationSettings: { push } } });
    const registrationScope = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope ?? null);

    const off = await newContext(browser);
    const offPage = await off.newPage();
    await signIn(offPage, AGENT);
    await offPage.getByTestId('notification-bell').waitFor();
    await offPage.waitForTimeout(1500);
    expect(await registrationScope(offPage)).toBeNull();
    await off.close();

    expect((await setPush(true)).status).toBe(200);
    try {
      const on = await newContext(browser);
      await on.grantPermissions(['notifications'], { origin: baseUrl() });
      const page = await on.newPage();
      await signIn(page, AGENT);
      // The push service itself is out of reach here, so the subscription stops after registration; the worker is in place.
      await expect.poll(() => registrationScope(page), { timeout: 15_000 }).toBe(`${baseUrl()}/`);
      await on.close();

      // An admin impersonating the agent (whose push is on) registers nothing: the device is the admin's.
      const imp = await newContext(browser);
      await imp.grantPermissions(['notifications'], { origin: baseUrl() });
      const impPage = await imp.newPage();
      await signIn(impPage, 'admin@motors.example.com');
      await impPage.evaluate((email) => localStorage.setItem('impersonate', email), AGENT);
      await impPage.reload();
      await impPage.getByTestId('impersonator-name').waitFor();
      await impPage.waitForTimeout(2000);
      expect(await registrationScope(impPage)).toBeNull();
      await imp.close();
    } finally {
      await setPush(false);
    }
  });
});
