import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, chooseTheme, launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;
const phone = `+1555${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function addLine(page: Page, description: string, price: string) {
  await page.getByTestId('repair-order-line-add').click();
  await page.getByTestId('repair-order-line-description').fill(description);
  await page.getByTestId('repair-order-line-price').fill(price);
  await page.getByTestId('repair-order-line-save').click();
  await page.getByTestId('repair-order-line-dialog').waitFor({ state: 'detached' });
  await page.getByText(description, { exact: true }).first().waitFor();
}

describe('repair orders: approval from the phone, live on the order, vehicle ready once', () => {
  it('an advisor creates an order with two lines, the customer approves one and denies the other', async () => {
    const admin = await apiToken('admin@motors.example.com');
    const created = await apiCall<{ id: number }>({
      token: admin,
      method: 'POST',
      path: '/api/customers',
      body: { firstName: 'Avery', lastName: 'Approver', phone },
    });
    expect(created.status).toBe(201);
    const customerId = created.json.id;

    // The advisor's screen: the messenger with the repair-order panel.
    const ctx = await newContext(browser, { width: 1440, height: 900 });
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await page.goto(`/communication/${customerId}/messenger`);
    await page.getByTestId('repair-order-panel').waitFor({ timeout: 15_000 });
    await page.getByTestId('repair-order-new').click();
    await page.getByTestId('new-repair-order-number').fill(`E2E-${String(Date.now()).slice(-6)}`);
    await page.getByTestId('new-repair-order-title').fill('Brake inspection');
    await page.getByTestId('new-repair-order-price').fill('89.95');
    await page.getByTestId('new-repair-order-submit').click();
    await page.waitForURL(/\/repair-orders\/\d+$/, { timeout: 15_000 });
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    await addLine(page, 'Replace front brake pads', '249.90');
    await addLine(page, 'Brake fluid flush', '119.00');
    const lineIds = await page
      .locator('tr[data-testid^="repair-order-line-"][data-status]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')!.split('-').pop())));
    expect(lineIds).toHaveLength(2);

    await page.getByTestId('repair-order-action-send_approval_request').click();
    // The approval link appears in the order's customer links once the engine made it.
    const link = page.locator('[data-testid^="customer-link-"][data-purpose="approval"]').first();
    await link.waitFor({ timeout: 20_000 });
    const url = (await link.getByTestId('customer-link-url').textContent())!;
    const code = /\/r\/([1-9A-HJ-NP-Za-km-z]+)/.exec(url)![1]!;
    await screenshot(page, 'repair-order-detail-approval-sent');

    // The customer's phone: the text carries the same link.
    await waitUntil(async () => {
      const res = await apiCall<{ member: { content: string | null }[] }>({ token: admin, path: `/api/messages?customer=${customerId}` });
      return res.json.member.some((m) => (m.content ?? '').includes(`/r/${code}`));
    }, 'the approval text in the thread');

    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phonePage = await phoneCtx.newPage();
    await phonePage.goto(`/r/${code}`);
    await phonePage.getByTestId('link-approval-page').waitFor({ timeout: 15_000 });
    await phonePage.getByTestId(`approval-approve-${lineIds[0]}`).click();
    await phonePage.getByTestId(`approval-deny-${lineIds[1]}`).click();
    expect(await phonePage.getByTestId('approval-total').textContent()).toContain('$249.90');
    await screenshot(phonePage, 'approval-page-phone-decided');
    await phonePage.getByTestId('approval-review').click();
    await phonePage.getByTestId('approval-send').click();
    await phonePage.getByTestId('approval-answered').waitFor({ timeout: 15_000 });
    await screenshot(phonePage, 'approval-page-phone-answered');
    await phoneCtx.close();

    // The advisor sees both answers without reloading.
    await expect.poll(() => page.getByTestId(`repair-order-line-status-${lineIds[0]}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('approved');
    await expect.poll(() => page.getByTestId(`repair-order-line-status-${lineIds[1]}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('denied');

    // Vehicle ready, clicked twice: one text reaches the customer.
    const ready = page.getByTestId('repair-order-action-send_vehicle_ready');
    await ready.dblclick();
    await expect.poll(() => page.getByTestId('repair-order-ready-sent-at').textContent(), { timeout: 15_000 }).not.toContain('—');
    const countReady = async () => {
      const res = await apiCall<{ member: { content: string | null }[] }>({ token: admin, path: `/api/messages?customer=${customerId}` });
      return res.json.member.filter((m) => (m.content ?? '').includes('Your vehicle is ready for pickup')).length;
    };
    await waitUntil(async () => (await countReady()) >= 1, 'the vehicle ready text');
    // A second request (another tab, a retry) changes nothing either.
    await apiCall({ token: admin, method: 'PUT', path: `/api/repair_orders/${orderId}/send_vehicle_ready`, body: {} });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await countReady()).toBe(1);
    await screenshot(page, 'repair-order-detail-answered');
    await ctx.close();
  });
  it('screens in light and dark: the panel, the order, the garage and the approval page on a phone', async () => {
    const admin = await apiToken('admin@motors.example.com');
    const customers = await apiCall<{ member: { id: number; firstName: string; lastName: string }[] }>({
      token: admin,
      path: '/api/customers?search=Whitaker',
    });
    const james = customers.json.member.find((c) => c.lastName === 'Whitaker')!;
    const orders = await apiCall<{ member: { id: number }[] }>({ token: admin, path: `/api/repair_orders?customer=${james.id}&exists[closedAt]=false` });
    const orderId = orders.json.member[0]!.id;
    const links = await apiCall<{ member: { purpose: string; state: string; url: string }[] }>({
      token: admin,
      path: `/api/customer_links?entity=repair_order&entityId=${orderId}`,
    });
    const approval = links.json.member.find((l) => l.purpose === 'approval' && l.state === 'active');
    for (const theme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 }, colorScheme: theme });
      await chooseTheme(ctx, theme);
      const page = await ctx.newPage();
      await signIn(page, 'admin@motors.example.com');
      await page.goto(`/communication/${james.id}/messenger`);
      await page.getByTestId(`repair-order-card-${orderId}`).waitFor({ timeout: 15_000 });
      await screenshot(page, `repair-order-panel-${theme}`);
      await page.goto(`/repair-orders/${orderId}`);
      await page.getByTestId('repair-order-lines').waitFor({ timeout: 15_000 });
      await screenshot(page, `repair-order-detail-${theme}`);
      await page.goto(`/communication/${james.id}/details`);
      await page.getByTestId('garage-section').scrollIntoViewIfNeeded({ timeout: 15_000 });
      await screenshot(page, `garage-${theme}`);
      await ctx.close();
      if (approval) {
        const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: theme });
        await chooseTheme(phoneCtx, theme);
        const phonePage = await phoneCtx.newPage();
        await phonePage.goto(`/r/${approval.url.split('/r/')[1]}`);
        await phonePage.getByTestId('link-approval-page').waitFor({ timeout: 15_000 });
        await screenshot(phonePage, `approval-page-390-${theme}`);
        await phoneCtx.close();
      }
    }
  });
});
