import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken } from '../support/api';
import { DEMO_PASSWORD, launchBrowser, newContext, screenshot, signIn, visibleMenuKeys } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The mail drop's messages (DATA_DIR/mail/*.eml of the e2e server) holding `text`. */
function mailsWith(text: string): string[] {
  const dir = path.join(currentServer().dataDir, 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(text));
}

async function shootBothThemes(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await ready();
    await screenshot(page, `${name}-${theme}`);
  }
}

describe('roles, support and audit log (issue 20)', () => {
  it('a super admin reads the role catalogue and which roles each company may hand out', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto('/roles');
    const communication = page.locator('[data-testid="role-card"][data-role="ROLE_COMMUNICATION"]');
    await communication.waitFor();
    expect(await communication.getByTestId('role-menu').textContent()).toContain('/communication/inbox');
    expect(await page.getByTestId('company-roles-row').count()).toBeGreaterThanOrEqual(1);
    await shootBothThemes(page, 'roles', () => communication.waitFor());
    await page.getByTestId('company-roles').scrollIntoViewIfNeeded();
    await screenshot(page, 'roles-companies-dark');
    await ctx.close();
  });

  it('anyone sends a support question with its context and gets a reference; the mail reaches support', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await page.goto('/support');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('support-form').waitFor();
    const subject = `Inbox question ${Date.now()}`;
    await page.getByTestId('support-subject').fill(subject);
    await page.getByTestId('support-message').fill('Where do I see the messages a customer sent last week?');
    await screenshot(page, 'support-form-light');
    await page.getByTestId('support-send').click();
    const reference = (await page.getByTestId('support-reference').textContent())!.trim();
    expect(reference.length).toBeGreaterThan(3);
    await waitUntil(async () => mailsWith(reference).length > 0, 'the support mail in the drop');
    const mail = mailsWith(reference)[0]!;
    expect(mail).toContain('support@courier-desk.example.com');
    expect(mail).toContain(subject);
    expect(mail).toContain('/support');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByTestId('support-form').waitFor();
    await screenshot(page, 'support-form-dark');
    await ctx.close();
  });

  it('a company admin finds their own action in the audit log, with the before and after', async () => {
    const admin = await apiToken('admin@motors.example.com');
    const email = `e2e-audit-${Date.now()}@example.com`;
    const created = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/users',
      body: { firstName: 'Audrey', lastName: 'Trail', email, password: 'Demo1234!x', roles: ['ROLE_COMMUNICATION'] },
    });
    expect(created.status).toBe(201);
    const changed = await apiCall({
      token: admin,
      method: 'PUT',
      path: `/api/users/${created.json.id}/roles`,
      body: { roles: ['ROLE_COMMUNICATION', 'ROLE_INTERNAL_CHAT'] },
    });
    expect(changed.status).toBe(200);

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    // Dark is the product's default: the light picture needs the light theme chosen first.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    expect(await visibleMenuKeys(page)).toContain('audit-log');
    await page.getByTestId('side-menu-item-audit-log').click();
    await page.waitForURL((url) => url.pathname === '/audit-log');
    // The action filter goes to the address (shareable) and narrows the list to role changes.
    await page.getByTestId('audit-action').fill('user.roles');
    await page.waitForURL((url) => url.searchParams.get('action') === 'user.roles');
    const row = page.getByTestId('audit-row').filter({ hasText: 'Audrey Trail' }).first();
    await row.waitFor();
    await row.getByTestId('audit-row-toggle').click();
    const changes = page.getByTestId('audit-changes').first();
    await changes.waitFor();
    expect(await changes.textContent()).toContain('ROLE_INTERNAL_CHAT');
    await screenshot(page, 'audit-log-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    // The filter came back from the address.
    await expect.poll(() => page.getByTestId('audit-action').inputValue()).toBe('user.roles');
    await row.waitFor();
    await row.getByTestId('audit-row-toggle').click();
    await changes.waitFor();
    expect(await page.getByTestId('audit-row').filter({ hasNotText: 'user.roles' }).count()).toBe(0);
    await screenshot(page, 'audit-log-dark');
    await ctx.close();
  });

  it('a shared audit-log link opened while signed out returns to itself, filter included, after sign-in', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/audit-log?action=user.roles');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-email').fill('admin@motors.example.com');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/audit-log' && url.searchParams.get('action') === 'user.roles');
    await expect.poll(() => page.getByTestId('audit-action').inputValue()).toBe('user.roles');
    await ctx.close();
  });
});
