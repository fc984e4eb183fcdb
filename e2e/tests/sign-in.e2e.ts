import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, launchBrowser, newContext, screenshot, signIn, visibleMenuKeys } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const CASES = [
  {
    email: 'superadmin@example.com',
    landing: '/companies',
    menu: ['audit-log', 'companies', 'cron-jobs', 'development-api', 'development-stats', 'development-webhook', 'error-reports', 'keywords', 'roles', 'support'],
  },
  {
    email: 'admin@motors.example.com',
    landing: '/communication/inbox',
    menu: ['accounts-receivable', 'api-keys', 'appointments', 'audit-log', 'company', 'customer-groups', 'dashboard', 'inbox', 'internal-chat', 'marketing-leads', 'marketing-offers', 'outgoing-webhooks', 'parts-sales', 'payment-transactions', 'reports', 'routing', 'simulator', 'support', 'surveys', 'webchat'],
  },
  {
    email: 'agent@motors.example.com',
    landing: '/communication/inbox',
    menu: ['appointments', 'customer-groups', 'inbox', 'internal-chat', 'simulator', 'support'],
  },
  {
    email: 'admin@realty.example.com',
    landing: '/communication/inbox',
    menu: ['api-keys', 'archived-listings', 'audit-log', 'company', 'customer-groups', 'dashboard', 'inbox', 'interests', 'internal-chat', 'listings', 'offers', 'outgoing-webhooks', 'reports', 'routing', 'simulator', 'support', 'surveys', 'webchat'],
  },
  { email: 'scheduler@motors.example.com', landing: '/appointments', menu: ['appointments', 'support'] },
  { email: 'tech@motors.example.com', landing: '/internal-chat', menu: ['internal-chat', 'support'] },
  { email: 'parts@motors.example.com', landing: '/noboard', menu: ['accounts-receivable', 'parts-sales', 'support'] },
];

describe('sign in as each demo user', () => {
  for (const c of CASES) {
    it(`${c.email} lands on ${c.landing} and sees exactly their menu`, async () => {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      await signIn(page, c.email);
      await expectPath(page, c.landing);
      expect(await visibleMenuKeys(page)).toEqual([...c.menu].sort());
      if (c.landing === '/noboard') await page.getByTestId('page-noboard').waitFor();
      await screenshot(page, `landing-${c.email.split('@')[0]}-${c.email.split('@')[1]!.split('.')[0]}`);
      await ctx.close();
    });
  }
});

describe('sign-in errors and session', () => {
  it('a wrong password shows the spec message and stays on /login', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').fill('agent@motors.example.com');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/invalid password or email/i);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    await ctx.close();
  });

  it('the sign-in button is disabled while the email is empty', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/login');
    expect(await page.getByTestId('login-submit').isDisabled()).toBe(true);
    await page.getByTestId('login-email').fill('a@b.example');
    expect(await page.getByTestId('login-submit').isDisabled()).toBe(false);
    await ctx.close();
  });

  it('a page behind sign-in sends a signed-out visitor to /login', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/internal-chat');
    await expectPath(page, '/login');
    await ctx.close();
  });

  it('logout clears the session', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-logout').click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/communication/inbox');
    await expectPath(page, '/login');
    await ctx.close();
  });
});
