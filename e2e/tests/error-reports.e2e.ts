import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';

const ROOT = 'superadmin@example.com';
const AGENT = 'agent@motors.example.com';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('client error reports', () => {
  it('an uncaught error in the app reaches the super admin’s error reports with the release, once per burst', async () => {
    const marker = `e2e crash ${Date.now().toString(36)}`;
    const agentCtx = await newContext(browser);
    const page = await agentCtx.newPage();
    await signIn(page, AGENT);
    const agentId = (await apiCall<{ id: number }>({ token: await apiToken(AGENT), path: '/api/me' })).json.id;
    const { revision } = (await apiCall<{ revision: string }>({ path: '/api/public/revision' })).json;

    let tunnelPosts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/api/public/sentry_tunnel')) tunnelPosts++;
    });
    const reported = page.waitForResponse((res) => res.url().includes('/api/public/sentry_tunnel') && res.request().method() === 'POST');
    // Thrown outside any handler, three times in a row: a burst the reporter sends once.
    await page.evaluate((m) => {
      for (let i = 0; i < 3; i++)
        setTimeout(() => {
          throw new TypeError(m);
        }, 0);
    }, marker);
    expect((await reported).status()).toBe(200);
    // And an unhandled rejection.
    const rejected = page.waitForResponse((res) => res.url().includes('/api/public/sentry_tunnel') && res.request().method() === 'POST');
    await page.evaluate((m) => void Promise.reject(new Error(`${m} (rejection)`)), marker);
    expect((await rejected).status()).toBe(200);
    await page.waitForTimeout(500);
    expect(tunnelPosts).toBe(2);
    await agentCtx.close();

    const rootCtx = await newContext(browser);
    const admin = await rootCtx.newPage();
    await signIn(admin, ROOT);
    await admin.getByTestId('side-menu-item-error-reports').click();
    await admin.getByTestId('error-reports-page').waitFor();
    const row = admin.locator('[data-testid^="error-report-row-"]', { hasText: `TypeError: ${marker}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(revision);
    expect(await row.textContent()).toContain(`#${agentId}`);
    await admin.locator('[data-testid^="error-report-row-"]', { hasText: `${marker} (rejection)` }).waitFor();
    expect(await admin.locator('[data-testid^="error-report-row-"]', { hasText: `TypeError: ${marker}` }).count()).toBe(1);

    // Filtered to this release, then opened.
    await admin.locator('#error-reports-release').click();
    await admin.getByRole('option', { name: revision, exact: true }).click();
    await admin.waitForURL((url) => url.searchParams.get('release') === revision);
    await row.click();
    const dialog = admin.getByTestId('error-report-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('error-report-error_reports_release').textContent()).toBe(revision);
    expect(await dialog.getByTestId('error-report-stack').textContent()).toMatch(/^at .+:\d+:\d+\)/);
    for (const theme of ['dark', 'light'] as const) {
      await admin.evaluate((t) => localStorage.setItem('theme', t), theme);
      await admin.reload();
      await admin.getByTestId('error-report-dialog').waitFor();
      await screenshot(admin, `error-report-detail-${theme}`);
      await admin.getByTestId('error-report-close').click();
      await row.waitFor();
      await screenshot(admin, `error-reports-list-${theme}`);
      await row.click();
    }
    await rootCtx.close();
  });
});
