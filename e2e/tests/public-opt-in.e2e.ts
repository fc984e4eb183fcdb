import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, chooseTheme, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
const phone = `+1555${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the public page a company QR code opens', () => {
  it('a visitor opts in on /c/demo-motors and the company admin sees them in the inbox', async () => {
    const ctx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    // Dark is the product's default whatever the phone's setting; this visitor chose light.
    await chooseTheme(ctx, 'light');
    const page = await ctx.newPage();
    await page.goto('/c/demo-motors');
    await expect.poll(() => page.getByTestId('public-company-name').textContent(), { timeout: 15_000 }).toBe('Demo Motors');
    await screenshot(page, 'public-opt-in-mobile-light');
    // Nothing is sent without consent: the form explains what is missing.
    await page.getByTestId('opt-in-submit').click();
    await page.getByText('Please tick the box').waitFor();
    await page.getByTestId('opt-in-first-name').fill('Quinn');
    await page.getByTestId('opt-in-last-name').fill('Scanner');
    await page.getByTestId('opt-in-phone').fill(`${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`);
    await page.getByTestId('opt-in-consent').check();
    await screenshot(page, 'public-opt-in-mobile-filled');
    await page.getByTestId('opt-in-submit').click();
    await page.getByTestId('public-opt-in-done').waitFor({ timeout: 15_000 });
    await screenshot(page, 'public-opt-in-mobile-done');
    await ctx.close();

    const admin = await apiToken('admin@motors.example.com');
    const list = await apiCall<{ member: { id: number; phone: string; firstName: string }[] }>({ token: admin, path: `/api/customers?search=${encodeURIComponent(phone.slice(1))}` });
    const customer = list.json.member.find((c) => c.phone === phone);
    expect(customer).toMatchObject({ firstName: 'Quinn' });

    const adminCtx = await newContext(browser);
    const adminPage = await adminCtx.newPage();
    await signIn(adminPage, 'admin@motors.example.com');
    await adminPage.goto('/communication/inbox');
    const row = adminPage.getByTestId(`inbox-row-${customer!.id}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Quinn');
    await screenshot(adminPage, 'public-opt-in-admin-inbox');
    await adminCtx.close();
  });

  it("desktop and dark theme in the company's accent colour, and an unknown company", async () => {
    const root = await apiToken('superadmin@example.com');
    const found = await apiCall<{ member: { id: number; slug: string }[] }>({ token: root, path: '/api/companies?name=Demo%20Realty' });
    const realty = found.json.member.find((c) => c.slug === 'demo-realty')!;
    const patched = await apiCall({ token: root, method: 'PATCH', path: `/api/companies/${realty.id}`, body: { customerView: { accentColor: '#2fb58a', afterSubmitText: 'An agent will text you within the hour.' } } });
    expect(patched.status).toBe(200);
    const ctx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 860 }, colorScheme: 'dark' });
    const page = await ctx.newPage();
    await page.goto('/c/demo-realty');
    await page.getByTestId('public-company-name').waitFor({ timeout: 15_000 });
    const buttonColor = await page.getByTestId('opt-in-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonColor).toBe('rgb(47, 181, 138)');
    await screenshot(page, 'public-opt-in-desktop-dark');
    await page.goto('/c/no-such-company');
    await page.getByTestId('public-page-error').waitFor({ timeout: 15_000 });
    await screenshot(page, 'public-opt-in-not-found');
    await ctx.close();
  });
});
