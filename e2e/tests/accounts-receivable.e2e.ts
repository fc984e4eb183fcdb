import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

/** The demo parts & accounting user (ROLE_AUTO_ACCOUNTING) of Demo Motors; the seed gives it four charge customers. */
const ACCOUNTANT = 'parts@motors.example.com';
/** The company admin reads the texts the customer got (the accountant has no messaging role). */
const ADMIN = 'admin@motors.example.com';
/** The seeded charge customer linked to a demo messaging customer, so its statements can be texted. */
const LINKED_ACCOUNT = 'AR-1001';
const LINK = /\/r\/([1-9A-HJ-NP-Za-km-z]{10,24})/;
const GOOD_CARD = '4000 1000 1111 2224';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The DMS export's rows, uploaded the way the import dialog does (a setup step: fresh invoices no other test picks). */
async function importTransactions(token: string, csv: string): Promise<{ status: number; json: { created: number; errorCount: number } }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'ar-export.csv');
  const res = await fetch(`${currentServer().baseUrl}/api/automotive/transactions/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

async function balanceOf(token: string, chargeCustomerId: number): Promise<number> {
  const res = await apiCall<{ aging: { total: number } }>({ token, path: `/api/charge_customers/${chargeCustomerId}` });
  expect(res.status).toBe(200);
  return res.json.aging.total;
}

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

  it('texts a statement of the linked account; the customer pays it by link and the statement shows paid and reconciled', async () => {
    const accountant = await apiToken(ACCOUNTANT);
    const admin = await apiToken(ADMIN);
    const accounts = await apiCall<{ member: { id: number; accountNumber: string; name: string; customer: string | null }[] }>({
      token: accountant,
      path: `/api/charge_customers?search=${LINKED_ACCOUNT}`,
    });
    const account = accounts.json.member.find((c) => c.accountNumber === LINKED_ACCOUNT)!;
    expect(account.customer, 'the seeded account is linked to a messaging customer').toMatch(/^\/api\/customers\/\d+$/);
    const messagingId = Number(account.customer!.split('/').pop());

    // Two fresh invoices of the linked account, two days old (inside any statement period whatever the time zone).
    const tag = `E2E-${String(Date.now()).slice(-7)}`;
    const docs = [`${tag}-1`, `${tag}-2`];
    const cents = [18_000 + (Date.now() % 997), 6_430];
    const total = cents[0]! + cents[1]!;
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'account,name,document,date,amount,journal,source',
      ...docs.map((doc, i) => `${LINKED_ACCOUNT},${account.name},${doc},${day},${(cents[i]! / 100).toFixed(2)},SJ,parts`),
    ].join('\n');
    const imported = await importTransactions(accountant, csv);
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json).toMatchObject({ created: 2, errorCount: 0 });
    const balanceBefore = await balanceOf(accountant, account.id);

    const desk = await newContext(browser, { width: 1440, height: 900 });
    const page = await desk.newPage();
    await signIn(page, ACCOUNTANT);
    const live = liveStreamOpened(page);
    await page.goto('/accounting/accounts_receivable');
    await page
      .getByTestId('ar-customer-table')
      .getByRole('row', { name: new RegExp(account.name) })
      .click();
    await live;
    const detail = page.getByTestId('ar-customer-detail');
    await detail.getByTestId('ar-transaction-list').waitFor();
    for (const doc of docs) await detail.getByRole('checkbox', { name: `Select ${doc}` }).check();
    await expect(detail.getByTestId('ar-selection-summary').textContent()).resolves.toContain(money(total));
    await detail.getByTestId('ar-create-statement').click();
    const dialog = page.getByTestId('ar-statement-dialog');
    await expect(dialog.getByTestId('ar-statement-amount').textContent()).resolves.toBe(money(total));
    await dialog.getByTestId('ar-statement-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const statements = detail.getByTestId('ar-statement-list');
    const created = statements
      .locator('[data-testid^="ar-statement-"]')
      .filter({ hasText: money(total) })
      .first();
    await created.getByTestId('ar-status-open').waitFor();
    const statementId = Number((await created.getAttribute('data-testid'))!.split('-').pop());
    const row = detail.getByTestId(`ar-statement-${statementId}`);
    await row.getByTestId(`ar-statement-send-${statementId}`).click();
    await row.getByTestId('ar-status-sent').waitFor({ timeout: 15_000 });
    await screenshot(page, 'accounts-receivable-statement-sent');

    // The link the text carries: the statement's payment request, as it reached the customer's phone.
    const statement = await apiCall<{ paymentRequest: string | null; amount: number }>({
      token: accountant,
      path: `/api/automotive/statements/${statementId}`,
    });
    expect(statement.json.amount).toBe(total);
    const requestPath = statement.json.paymentRequest!;
    let code = '';
    await waitUntil(async () => {
      const request = await apiCall<{ paymentUrl: string | null; status: string }>({ token: admin, path: requestPath });
      code = LINK.exec(request.json.paymentUrl ?? '')?.[1] ?? '';
      return code !== '' && request.json.status === 'sent';
    }, 'the payment request of the statement to be sent');
    let channel = '';
    await waitUntil(async () => {
      const thread = await apiCall<{ member: { content: string | null; channel: string }[] }>({ token: admin, path: `/api/messages?customer=${messagingId}` });
      channel = thread.json.member.find((m) => (m.content ?? '').includes(`/r/${code}`))?.channel ?? '';
      return channel !== '';
    }, 'the statement text in the thread of the customer');
    if (channel === 'simulator') {
      const simCtx = await newContext(browser, { width: 1440, height: 900 });
      const sim = await simCtx.newPage();
      await signIn(sim, ADMIN);
      await sim.goto('/simulator');
      const bubble = sim.getByTestId(`simulator-phone-${messagingId}`).getByText(`/r/${code}`, { exact: false });
      await bubble.waitFor({ timeout: 20_000 });
      await expect(bubble.textContent()).resolves.toContain('statement of account');
      await screenshot(sim, 'accounts-receivable-simulator-phone-link');
      await simCtx.close();
    }

    // The customer's phone: the statement's amount, paid with a good test card.
    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phone = await phoneCtx.newPage();
    await phone.goto(`/r/${code}`);
    await phone.getByTestId('payment-page').waitFor({ timeout: 15_000 });
    expect(await phone.getByTestId('payment-amount-due').textContent()).toBe(money(total));
    await screenshot(phone, 'accounts-receivable-phone-statement', { fullPage: true });
    await phone.getByTestId('card-number').fill(GOOD_CARD);
    await phone.getByTestId('card-expiry').fill('1239');
    await phone.getByTestId('card-cvc').fill('123');
    await phone.getByTestId('payment-pay').click();
    await phone.getByTestId('payment-receipt').waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('payment-receipt-card').textContent()).toContain('•••• 2224');
    await phoneCtx.close();

    // The accountant's screen follows without a reload; after one it still says paid.
    await row.getByTestId('ar-status-paid').waitFor({ timeout: 20_000 });
    await expect(row.getByTestId(`ar-statement-send-${statementId}`).count()).resolves.toBe(0);
    await screenshot(page, 'accounts-receivable-statement-paid');
    await page.reload();
    await page
      .getByTestId('ar-customer-table')
      .getByRole('row', { name: new RegExp(account.name) })
      .click();
    await detail.getByTestId('ar-tab-statements').click();
    await detail.getByTestId(`ar-statement-${statementId}`).getByTestId('ar-status-paid').waitFor({ timeout: 15_000 });

    // Its transactions are reconciled: out of the balance, and they cannot be picked for another statement.
    await expect.poll(() => balanceOf(accountant, account.id)).toBe(balanceBefore - total);
    await detail.getByTestId('ar-tab-transactions').click();
    await detail.getByTestId('ar-transaction-list').waitFor();
    for (const doc of docs) {
      await expect(detail.getByRole('checkbox', { name: `Select ${doc}` }).isDisabled()).resolves.toBe(true);
      await expect(detail.getByRole('row').filter({ hasText: doc }).textContent()).resolves.toContain('Reconciled');
    }
    await expect(detail.getByTestId('ar-customer-balance').textContent()).resolves.toBe(money(balanceBefore - total));
    await screenshot(page, 'accounts-receivable-reconciled');
    await desk.close();
  });
});
