import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { chooseTheme, expectPath, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
let jamesId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiToken('agent@motors.example.com');
  const list = await apiCall<{ member: { id: number; firstName: string }[] }>({ token, path: '/api/customers?search=Whitaker' });
  jamesId = list.json.member[0]!.id;
});
afterAll(() => browser?.close());

describe('conversation screens', () => {
  it('mobile: inbox → messenger → details → back, full screen at 375 px', async () => {
    const ctx = await newContext(browser, { width: 375, height: 740 });
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await expectPath(page, '/communication/inbox');
    await page.getByTestId(`inbox-row-${jamesId}`).click();
    await expectPath(page, `/communication/${jamesId}/messenger`);
    await page.getByTestId('messenger-thread').waitFor();
    expect(await page.getByTestId('inbox-list').count()).toBe(0);
    await screenshot(page, 'mobile-messenger');
    await page.getByTestId('messenger-details-link').click();
    await expectPath(page, `/communication/${jamesId}/details`);
    await page.getByTestId('customer-details-view').waitFor();
    await screenshot(page, 'mobile-details');
    await page.getByTestId('customer-back').click();
    await page.waitForURL((u) => u.pathname !== `/communication/${jamesId}/details`);
    await ctx.close();
  });

  it('desktop light theme: messenger, details edit with validation, simulator reply', async () => {
    const ctx = await newContext(browser);
    await chooseTheme(ctx, 'light');
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await page.goto(`/communication/${jamesId}/messenger`);
    await page.getByTestId('messenger-thread').waitFor();
    await screenshot(page, 'light-messenger');

    await page.goto(`/communication/${jamesId}/details`);
    await page.getByTestId('customer-edit').click();
    await page.getByTestId('customer-details-form').waitFor();
    const email = page.getByTestId('customer-field-email');
    await email.fill('not-an-email');
    await page.getByTestId('customer-save').click();
    await page.getByText(/email/i).first().waitFor();
    await screenshot(page, 'light-details-edit');
    await email.fill('james@example.com');
    await page.getByTestId('customer-save').click();
    await page.getByTestId('customer-details-view').waitFor();
    expect(await page.getByTestId('customer-details-view').textContent()).toContain('james@example.com');

    await page.goto('/simulator');
    await page.getByTestId('simulator-page').waitFor();
    const input = page.getByTestId(`simulator-reply-input-${jamesId}`);
    await input.fill('Thanks, on my way');
    await page.getByTestId(`simulator-reply-send-${jamesId}`).click();
    await page.getByTestId(`simulator-phone-${jamesId}`).getByText('Thanks, on my way').waitFor();
    await screenshot(page, 'light-simulator');
    await page.goto(`/communication/${jamesId}/messenger`);
    await page.locator('[data-direction="INBOUND"]', { hasText: 'Thanks, on my way' }).waitFor();
    await ctx.close();
  });
});
