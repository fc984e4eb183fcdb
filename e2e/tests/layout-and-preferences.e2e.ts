import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('mobile layout (≤ 768 px)', () => {
  it('shows only the inbox flow and the calendar, and a drawer with communication, the calendar and logout', async () => {
    const ctx = await newContext(browser, { width: 375, height: 740 });
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await expectPath(page, '/communication/inbox');
    for (const path of ['/', '/communication', '/companies', '/customer-groups', '/internal-chat']) {
      await page.goto(path);
      await expectPath(page, '/communication/inbox');
    }
    // The calendar is the one other screen on a phone, for those with the appointments role.
    await page.goto('/appointments');
    await expectPath(page, '/appointments');
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.getByTestId('mobile-drawer-button').click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    const items = await drawer.locator('[data-testid^="side-menu-item-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(items).toEqual(['side-menu-item-inbox', 'side-menu-item-appointments']);
    expect(await drawer.getByTestId('mobile-logout').count()).toBe(1);
    await screenshot(page, 'mobile-drawer');
    await ctx.close();
  });
});

describe('theme and language', () => {
  it('dark is the default; a switch to light persists after reload', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBg = await bg();
    expect(await page.evaluate(() => localStorage.getItem('theme') ?? 'dark')).toBe('dark');
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-option-light').click();
    await page.waitForFunction(() => localStorage.getItem('theme') === 'light');
    const lightBg = await bg();
    expect(lightBg).not.toBe(darkBg);
    await page.reload();
    await page.getByTestId('top-bar').waitFor();
    expect(await bg()).toBe(lightBg);
    await screenshot(page, 'shell-light');
    await ctx.close();
  });

  it('a switch to Bosnian persists after reload', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    // The entry also carries the unread badge: compare its label only.
    const inboxLabel = async () => ((await page.getByTestId('side-menu-item-inbox').textContent()) ?? '').replace(/\d+/g, '').trim();
    const english = await inboxLabel();
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-bs').click();
    await page.waitForFunction(() => localStorage.getItem('language') === 'bs');
    // The choice is stored at once; the texts change once the Bosnian catalogue has loaded.
    await expect.poll(inboxLabel).not.toBe(english);
    const bosnian = await inboxLabel();
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    await expect.poll(inboxLabel).toBe(bosnian);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bs');
    await ctx.close();
  });
});

describe('second tab', () => {
  it('a second tab of the signed-in app moves to /another_tab_open.html; the first stays', async () => {
    const ctx = await newContext(browser);
    const first = await ctx.newPage();
    await signIn(first, 'agent@motors.example.com');
    await first.getByTestId('side-menu').waitFor();
    const second = await ctx.newPage();
    await second.goto('/internal-chat');
    await second.waitForURL((u) => u.pathname === '/another_tab_open.html', { timeout: 15_000 });
    await screenshot(second, 'another-tab-open');
    expect(new URL(first.url()).pathname).toBe('/communication/inbox');
    await ctx.close();
  });
});
