import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, providerMessages } from '../support/api';
import { baseUrl, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const ADMIN = 'admin@motors.example.com';
const LINK = /\/r\/([1-9A-HJ-NP-Za-km-z]{10,24})/;
const DECLINED_CARD = '4000 3006 1111 2224'; // insufficient funds (the simulator's sandbox cards)
const GOOD_CARD = '4000 1000 1111 2224';

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken(ADMIN);
  const me = await apiCall<{ company: string }>({ token: admin, path: '/api/me' });
  const companyId = Number(me.json.company.split('/').pop());
  // Whatever the demo data says: payments on (the embedded default charges through the simulator) with a text that
  // carries the link. The provider is the super admin's to set (spec part 2 §6).
  const superAdmin = await apiToken('superadmin@example.com');
  const patched = await apiCall({
    token: superAdmin,
    method: 'PATCH',
    path: `/api/companies/${companyId}`,
    body: {
      payment: { provider: 'current', enabled: true, text: 'Demo Motors: your invoice is ready. Pay securely here: {payment_url}', markAsExpiredAfterDays: 7 },
    },
  });
  expect(patched.status, JSON.stringify(patched.json)).toBe(200);
});
afterAll(() => browser?.close());

/** The link as the customer's phone received it: the phone simulator's handset, or the SMS provider when one is connected. */
async function linkOnThePhone(desk: Page, customerId: number, phone: string): Promise<string> {
  let channel = '';
  await waitUntil(async () => {
    const thread = await apiCall<{ member: { content: string | null; channel: string }[] }>({ token: admin, path: `/api/messages?customer=${customerId}` });
    const text = thread.json.member.find((m) => LINK.test(m.content ?? ''));
    channel = text?.channel ?? '';
    return channel !== '';
  }, 'the payment text in the thread');
  if (channel === 'simulator') {
    await desk.goto('/simulator');
    const bubble = desk.getByTestId(`simulator-phone-${customerId}`).getByText('Pay securely here', { exact: false });
    await bubble.waitFor({ timeout: 20_000 });
    await screenshot(desk, 'payments-simulator-phone-link');
    return LINK.exec((await bubble.textContent()) ?? '')![1]!;
  }
  let body = '';
  await waitUntil(async () => {
    body = (await providerMessages()).find((m) => m.to === phone && LINK.test(m.body))?.body ?? '';
    return body !== '';
  }, 'the provider to send the payment text');
  return LINK.exec(body)![1]!;
}

async function payWith(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('1239');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('payment-pay').click();
}

describe('payments: text-to-pay from the order, a decline, then paid live', () => {
  it('an advisor requests payment, the customer is declined then pays, staff see it paid and in the transactions', async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const customer = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/customers',
      body: { firstName: 'Parker', lastName: 'Payer', phone },
    });
    expect(customer.status).toBe(201);
    const number = `E2E-P-${String(Date.now()).slice(-6)}`;
    const order = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/repair_orders',
      body: { customer: customer.json.id, number, title: 'Front brake pads', price: 18950 },
    });
    expect(order.status).toBe(201);

    // The advisor's order screen, with its live stream open before anything happens.
    const desk = await newContext(browser, { width: 1440, height: 900 });
    const deskPage = await desk.newPage();
    await signIn(deskPage, ADMIN);
    const live = liveStreamOpened(deskPage);
    await deskPage.goto(`/repair-orders/${order.json.id}`);
    await deskPage.getByTestId('repair-order-payment-requests').waitFor({ timeout: 15_000 });
    await live;
    await deskPage.getByTestId('payment-request-new').click();
    await deskPage.getByTestId('payment-request-dialog').waitFor();
    // Prefilled from the order (no approved lines: its price); a tax rate makes the totals move by the shared rule.
    expect(await deskPage.getByTestId('payment-line-name-0').inputValue()).toBe('Front brake pads');
    expect(await deskPage.getByTestId('payment-line-price-0').inputValue()).toBe('189.50');
    await deskPage.getByTestId('payment-line-tax-0').fill('8.875');
    await expect.poll(() => deskPage.getByTestId('payment-request-total').textContent()).toBe('$206.32');
    await screenshot(deskPage, 'payments-request-dialog');
    await deskPage.getByTestId('payment-request-submit').click();
    await deskPage.getByTestId('payment-request-dialog').waitFor({ state: 'detached', timeout: 15_000 });
    const row = deskPage.locator('[data-testid^="payment-request-"][data-status]').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('sent');
    const requestId = Number((await row.getAttribute('data-testid'))!.split('-').pop());
    await screenshot(deskPage, 'payments-order-request-sent');

    const code = await linkOnThePhone(deskPage, customer.json.id, phone);
    await deskPage.goto(`/repair-orders/${order.json.id}`);
    await deskPage.getByTestId(`payment-request-${requestId}`).waitFor({ timeout: 15_000 });

    // The customer's phone, 390 px wide.
    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phonePage = await phoneCtx.newPage();
    await phonePage.goto(`/r/${code}`);
    await phonePage.getByTestId('payment-page').waitFor({ timeout: 15_000 });
    expect(await phonePage.getByTestId('payment-amount-due').textContent()).toBe('$206.32');
    await screenshot(phonePage, 'payments-phone-page', { fullPage: true });

    await payWith(phonePage, DECLINED_CARD);
    await phonePage.getByTestId('payment-declined').waitFor({ timeout: 20_000 });
    expect(await phonePage.getByTestId('payment-declined').textContent()).toContain('not enough money');
    await screenshot(phonePage, 'payments-phone-declined');
    expect(await deskPage.getByTestId(`payment-request-${requestId}`).getAttribute('data-status')).toBe('sent');

    await phonePage.getByTestId('payment-try-again').click();
    await payWith(phonePage, GOOD_CARD);
    await phonePage.getByTestId('payment-receipt').waitFor({ timeout: 20_000 });
    expect(await phonePage.getByTestId('payment-receipt-card').textContent()).toContain('•••• 2224');
    await screenshot(phonePage, 'payments-phone-receipt', { fullPage: true });
    // Opening the link again shows the receipt, not the form.
    await phonePage.reload();
    await phonePage.getByTestId('payment-receipt').waitFor({ timeout: 15_000 });
    expect(await phonePage.getByTestId('payment-card-form').count()).toBe(0);
    await phoneCtx.close();

    // Staff see "paid" without reloading.
    await expect.poll(() => deskPage.getByTestId(`payment-request-${requestId}`).getAttribute('data-status'), { timeout: 20_000 }).toBe('paid');
    await screenshot(deskPage, 'payments-order-request-paid');

    // …and the sale in /payment/transactions (one approved sale for the request; the decline charged nothing).
    await deskPage.goto(`/payment/transactions?q=${encodeURIComponent(number)}`);
    const sale = deskPage.locator('[data-testid^="transaction-"][data-kind="sale"]');
    await sale.first().waitFor({ timeout: 15_000 });
    expect(await deskPage.locator('[data-testid^="transaction-"][data-kind="sale"][data-status="approved"]').count()).toBe(1);
    expect(await sale.first().textContent()).toContain('$206.32');
    await screenshot(deskPage, 'payments-transactions');

    // A partial refund, confirmed in two steps; the row follows.
    const saleId = Number((await sale.first().getAttribute('data-testid'))!.split('-').pop());
    await deskPage.getByTestId(`transaction-refund-${saleId}`).click();
    await deskPage.getByTestId('refund-partial').check();
    await deskPage.getByTestId('refund-amount').fill('6.32');
    await deskPage.getByTestId('refund-submit').click();
    await deskPage.getByTestId('refund-confirm-text').waitFor();
    await screenshot(deskPage, 'payments-refund-confirm');
    await deskPage.getByTestId('refund-submit').click();
    await deskPage.getByTestId('refund-dialog').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => deskPage.getByTestId(`transaction-${saleId}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('partially_refunded');
    await desk.close();
  });

  it('reads well in both themes: the payment page and the order on a dark phone, the transactions on a light desktop', async () => {
    const customer = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/customers',
      body: { firstName: 'Dana', lastName: 'Dark', phone: `+1555${String(Date.now()).slice(-7)}` },
    });
    const order = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/repair_orders',
      body: { customer: customer.json.id, number: `E2E-D-${String(Date.now()).slice(-6)}`, title: 'Oil service', price: 14899 },
    });
    expect(order.status).toBe(201);
    const request = await apiCall<{ id: number; paymentUrl: string | null }>({
      token: admin,
      method: 'POST',
      path: '/api/payment_requests',
      body: {
        repairOrder: order.json.id,
        invoice: `E2E-D-${String(Date.now()).slice(-6)}`,
        products: [
          { name: 'Synthetic oil change', unitPriceCents: 7999, quantity: 1, taxRate: 8.875 },
          { name: 'Cabin air filter', unitPriceCents: 3450, quantity: 2 },
        ],
      },
    });
    expect(request.status, JSON.stringify(request.json)).toBe(201);
    let url = request.json.paymentUrl;
    await waitUntil(async () => {
      url = (await apiCall<{ paymentUrl: string | null }>({ token: admin, path: `/api/payment_requests/${request.json.id}` })).json.paymentUrl;
      return !!url;
    }, 'the payment link');
    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const phonePage = await phoneCtx.newPage();
    await phonePage.goto(new URL(url!).pathname);
    await phonePage.getByTestId('payment-card-form').waitFor({ timeout: 15_000 });
    await screenshot(phonePage, 'payments-phone-page-dark', { fullPage: true });
    // A bad card number is caught on the phone, before anything is sent.
    await payWith(phonePage, '4000 1000 1111 2225');
    await phonePage.getByText('This card number is not valid', { exact: false }).waitFor();
    await screenshot(phonePage, 'payments-phone-invalid-card-dark');
    await phoneCtx.close();

    const desk = await newContext(browser, { width: 1440, height: 900 });
    const deskPage = await desk.newPage();
    await signIn(deskPage, ADMIN);
    await deskPage.evaluate(() => localStorage.setItem('theme', 'light'));
    await deskPage.goto('/payment/transactions');
    await deskPage.getByTestId('transactions-page').waitFor({ timeout: 15_000 });
    await deskPage.locator('[data-testid="transactions-empty"], [data-testid^="transaction-"][data-kind]').first().waitFor({ timeout: 15_000 });
    await screenshot(deskPage, 'payments-transactions-light');
    await desk.close();

    // Staff on a phone: the order screen (one of the screens the app offers on phones) with its payment requests.
    const ctx = await newContext(browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`/repair-orders/${order.json.id}`);
    await page.getByTestId(`payment-request-${request.json.id}`).scrollIntoViewIfNeeded({ timeout: 15_000 });
    await screenshot(page, 'payments-order-phone-dark');
    await ctx.close();
  });
});
