import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

describe('search (issue 21)', () => {
  it('an agent searches a word from a message, sees the marked hit and opens the thread at it', async () => {
    const agent = 'agent@motors.example.com';
    const token = await apiToken(agent);
    const word = `zephyr${Date.now().toString(36)}`;
    const phone = `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const created = await apiCall<{ id: number }>({
      token,
      method: 'POST',
      path: '/api/customers',
      body: { phone, firstName: 'Sofia', lastName: 'Searchfield' },
    });
    expect(created.status).toBe(201);
    const customerId = created.json.id;
    // The hit is the oldest of 32 messages: two pages of 15 back from the newest, so the thread must page to it.
    const send = (content: string) =>
      apiCall<{ id: number }>({ token, method: 'POST', path: '/api/messages', body: { customerId, content, channel: 'simulator' } });
    const target = await send(`Your ${word} brake pads arrived <b>today</b>`);
    expect(target.status).toBe(201);
    for (let i = 0; i < 31; i++) expect((await send(`Follow-up number ${i}`)).status).toBe(201);

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, agent);
    await page.goto('/communication/inbox');
    await page.getByTestId('search-open').waitFor();
    // '/' opens the search; Esc closes it; Ctrl+K opens it again.
    await page.locator('body').press('/');
    await page.getByTestId('search-input').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('search-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await input.fill(word.slice(0, word.length - 2));

    const hit = page.getByTestId(`search-hit-message-${target.json.id}`);
    await hit.waitFor();
    const marked = await hit.getByTestId('search-highlight').allTextContents();
    expect(marked).toEqual([word]);
    // The message's markup is text, not elements.
    expect(await hit.getByTestId('search-snippet').textContent()).toContain('<b>today</b>');
    expect(await hit.locator('b').count()).toBe(0);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      // After the reload the launcher mounts lazily: wait for it before pressing its key.
      await page.getByTestId('search-open').waitFor();
      await page.locator('body').press('/');
      await page.getByTestId('search-input').fill(word);
      await hit.waitFor();
      await screenshot(page, `search-results-${theme}`);
      if (theme === 'dark') await page.keyboard.press('Escape');
    }

    await hit.click();
    await page.waitForURL((url) => url.pathname === `/communication/${customerId}/messenger` && url.searchParams.get('message') === String(target.json.id));
    const thread = page.locator(`[data-testid="messenger-thread"][data-focused-message="${target.json.id}"]`);
    await thread.waitFor({ timeout: 20_000 });
    const bubble = page.getByTestId(`message-${target.json.id}`);
    await page.waitForFunction(
      (id) => {
        const el = document.querySelector(`[data-testid="message-${id}"]`);
        const box = document.querySelector('[data-testid="messenger-thread"]');
        if (!el || !box) return false;
        const r = el.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return r.top >= b.top && r.bottom <= b.bottom;
      },
      target.json.id,
      { timeout: 10_000 },
    );
    expect(await bubble.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await screenshot(page, 'search-opened-thread-light');

    // Mobile: the search box sits above the inbox and opens full screen.
    const phoneCtx = await newContext(browser, { width: 390, height: 844 });
    const mobile = await phoneCtx.newPage();
    await signIn(mobile, agent);
    await mobile.goto('/communication/inbox');
    await mobile.getByTestId('search-open').click();
    await mobile.getByTestId('search-input').fill(word);
    await mobile.getByTestId(`search-hit-message-${target.json.id}`).waitFor();
    await screenshot(mobile, 'search-results-mobile');
    await phoneCtx.close();
    await ctx.close();
  });
});
