import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { expectPath, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('super admin companies screen', () => {
  it('creates a company, disables and enables it, then deletes it after confirmation', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.getByTestId('companies-table').waitFor();
    await page.getByTestId('companies-create-button').click();
    await page.getByTestId('company-field-name').fill('Harbor Auto Care');
    expect(await page.getByTestId('company-field-slug').inputValue()).toBe('harbor-auto-care');
    await screenshot(page, 'companies-create-dialog');
    await page.getByTestId('company-create-submit').click();
    const row = page.locator('[data-testid^="company-row-"]', { hasText: 'Harbor Auto Care' });
    await row.waitFor();
    const id = (await row.getAttribute('data-testid'))!.replace('company-row-', '');

    await page.getByTestId(`company-toggle-${id}`).click();
    await row.getByText(/disabled/i).waitFor();
    await page.getByTestId(`company-toggle-${id}`).click();
    await row.getByText(/enabled/i).waitFor();

    await page.getByTestId(`company-delete-${id}`).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect((await dialog.textContent())!.toLowerCase()).toContain('are you sure you want to delete selected company?');
    await screenshot(page, 'companies-delete-confirm');
    await page.getByTestId('confirm-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('shows the server violation when the slug is taken', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.getByTestId('companies-create-button').click();
    await page.getByTestId('company-field-name').fill('Another Motors');
    await page.getByTestId('company-field-slug').fill('demo-motors');
    await page.getByTestId('company-create-submit').click();
    await page.getByText('This slug is already used by another company.').waitFor();
    await ctx.close();
  });
});

describe('forgot and reset password', () => {
  it('mails a link whose page sets a new password and signs in', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await expectPath(page, '/forgot_password');
    expect(await page.getByTestId('forgot-submit').isDisabled()).toBe(true);
    await page.getByTestId('forgot-email').fill('marketing@realty.example.com');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-password-sent').waitFor();

    const mailDir = path.join(currentServer().dataDir, 'mail');
    const files = readdirSync(mailDir).map((f) => readFileSync(path.join(mailDir, f), 'utf8'));
    const mail = files.find((m) => m.includes('To: marketing@realty.example.com'))!;
    const link = mail.match(/https?:\/\/\S+\/reset_password\?token=\S+/)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('reset-email').waitFor();
    expect(await page.getByTestId('reset-email').textContent()).toContain('marketing@realty.example.com');

    await page.getByTestId('reset-password').fill('weak');
    await page.getByTestId('reset-password-confirm').fill('weak');
    await page.getByTestId('reset-submit').click();
    await page.getByText(/password you entered is not valid\./i).waitFor();

    await page.getByTestId('reset-password').fill('Brandnew123');
    await page.getByTestId('reset-password-confirm').fill('Brandnew124');
    await page.getByTestId('reset-submit').click();
    await page.getByText(/passwords dont match\./i).waitFor();

    await page.getByTestId('reset-password-confirm').fill('Brandnew123');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/reset_password'), { timeout: 15_000 });
    await page.getByTestId('top-bar').waitFor();
    await screenshot(page, 'after-reset-signed-in');
    await ctx.close();
  });
});
