import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';

/** The demo parts & accounting user (ROLE_AUTO_ACCOUNTING) of Demo Motors; the seed gives it four charge customers. */
const ACCOUNTANT = 'parts@motors.example.com';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('accounts receivable', () => {
  it('shows the seeded customers with aging, makes a statement of picked transactions and downloads its PDF', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, ACCOUNTANT);
    await page.goto('/accounting/accounts_receivable');
    const table = page.getByTestId('ar-customer-table');
    await table.waitFor();
    await expect(page.getByTestId('ar-aging-total').textContent()).resolves.toMatch(/\$[\d,]+\.\d\d/);
    const fleet = table.getByRole('row', { name: /City Fleet Services/ });
    // Seeded 6, 33 and 67 days ago: one amount in each of the current, 30 and 60 columns, nothing 90+.
    await expect(fleet.textContent()).resolves.toContain('$2,564.10');
    await expect(fleet.textContent()).resolves.toContain('$749.99');
    await expect(fleet.textContent()).resolves.toContain('$415.00');
    await expect(table.getByRole('row', { name: /Eastside Auto Body/ }).textContent()).resolves.toContain('$123.40');
    await screenshot(page, 'accounts-receivable-list');

    await fleet.click();
    const detail = page.getByTestId('ar-customer-detail');
    await detail.getByTestId('ar-transaction-list').waitFor();
    for (const doc of ['INV-5120', 'INV-5002']) await detail.getByRole('checkbox', { name: `Select ${doc}` }).check();
    await expect(detail.getByTestId('ar-selection-summary').textContent()).resolves.toContain('$3,314.09');
    await detail.getByTestId('ar-create-statement').click();
    const dialog = page.getByTestId('ar-statement-dialog');
    await expect(dialog.getByTestId('ar-statement-amount').textContent()).resolves.toBe('$3,314.09');
    await screenshot(page, 'accounts-receivable-create-statement');
    await dialog.getByTestId('ar-statement-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const statements = detail.getByTestId('ar-statement-list');
    await statements.waitFor();
    const row = statements.locator('[data-testid^="ar-statement-"]').filter({ hasText: '$3,314.09' }).first();
    await row.getByTestId('ar-status-open').waitFor();
    const pdfButton = row.getByRole('button', { name: 'PDF' });
    const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-AR-1002-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(page, 'accounts-receivable-statements');

    // The statement's transactions are no longer open: the balance stays, but they cannot be picked again.
    await detail.getByTestId('ar-tab-transactions').click();
    await expect(detail.getByRole('checkbox', { name: 'Select INV-5120' }).isDisabled()).resolves.toBe(true);

    await context.close();
  });
});
