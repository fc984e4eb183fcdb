import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ADMIN = 'admin@motors.example.com';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

/** A request the way an integration sends it: nothing but the key. */
async function withKey(key: string, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${currentServer().baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.text() };
}

describe('public API keys (issue 21)', () => {
  it('an admin creates a key, copies it, lists customers with it, revokes it, and it is refused', async () => {
    const ctx = await newContext(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await page.goto('/settings/api-keys');
    await page.getByTestId('api-keys-page').waitFor();
    await page.getByTestId('api-keys-table').waitFor();

    const name = `E2E key ${Date.now()}`;
    await page.getByTestId('api-key-new').click();
    await page.getByTestId('api-key-create-dialog').waitFor();
    await page.getByTestId('api-key-name').fill(name);
    await page.getByTestId('api-key-scope-messenger-read').click();
    await screenshot(page, 'api-keys-create-dark');
    await page.getByTestId('api-key-create-submit').click();

    const secretBox = page.getByTestId('api-key-secret');
    await secretBox.waitFor();
    const shown = (await secretBox.textContent())!.trim();
    expect(shown).toMatch(/^cdk_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
    // Headless Chromium may refuse clipboard reads; when it allows them, the copy is the key.
    if (copied !== null) expect(copied).toBe(shown);
    await screenshot(page, 'api-keys-secret-dark');
    await page.getByTestId('api-key-secret-done').click();
    await secretBox.waitFor({ state: 'detached' });

    // The list shows the key by its prefix, never the secret.
    const row = page.locator('[data-testid^="api-key-row-"]', { hasText: name });
    await row.waitFor();
    expect(await page.content()).not.toContain(shown);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await row.waitFor();
      await screenshot(page, `api-keys-list-${theme}`);
    }

    const list = await withKey(shown, '/api/customers');
    expect(list.status, list.body).toBe(200);
    expect(JSON.parse(list.body).member.length).toBeGreaterThan(0);
    expect((await withKey(shown, '/api/users')).status).toBe(403);

    const testId = (await row.getAttribute('data-testid'))!;
    const id = testId.replace('api-key-row-', '');
    await page.getByTestId(`api-key-revoke-${id}`).click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, 'api-keys-revoke-dark');
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="api-key-status-${id}"]`, { hasText: 'Revoked' }).waitFor();

    const refused = await withKey(shown, '/api/customers');
    expect(refused.status).toBe(401);
    await ctx.close();
  });
});
