import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ADMIN = 'admin@motors.example.com';
// Answers the chat: the company has no default owner for new customers, so a plain agent's inbox (own customers)
// would not list the new visitor; the admin sees unassigned conversations.
const AGENT = 'admin@motors.example.com';
const WELCOME = 'Welcome to Demo Motors! An advisor answers here in a minute.';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await page.getByTestId('webchat-settings-form').waitFor();
}

/** The widget lives in an open shadow root on the company's page; Playwright's CSS locators pierce it. */
function widget(page: Page | Frame) {
  const host = page.locator('[data-courier-desk-webchat]');
  return {
    fab: host.locator('button.fab'),
    panel: host.locator('[role="dialog"]'),
    input: host.locator('textarea'),
    replies: host.locator('.m.out:not(.greet)'),
    bubble: (text: string): Locator => host.locator('.m', { hasText: text }),
  };
}

/** Opens the widget and sends one message (after the spam guard's first-message pause). */
async function visitorSays(page: Page, text: string) {
  const w = widget(page);
  await w.fab.click();
  await w.panel.waitFor();
  await page.waitForTimeout(1_700);
  await w.input.fill(text);
  await w.input.press('Enter');
  await w.bubble(text).waitFor();
  return w;
}

describe('website chat (issue 21)', () => {
  it('an admin turns the widget on for a site; a visitor chats (390 px and desktop), gets the welcome and the agent’s live reply', async () => {
    const origin = new URL(baseUrl()).origin;
    // 1. The company admin sets the widget up on the screen.
    const adminCtx = await newContext(browser);
    await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await adminCtx.newPage();
    await signIn(admin, ADMIN);
    await admin.getByTestId('side-menu-item-webchat').click();
    await admin.getByTestId('webchat-settings-form').waitFor();
    expect(new URL(admin.url()).pathname).toBe('/settings/webchat');
    if (!(await admin.getByTestId('webchat-origins').getByText(origin, { exact: true }).count())) {
      await admin.getByTestId('webchat-origin-input').fill(`${origin}/some/page`);
      await admin.getByTestId('webchat-origin-add').click();
      await admin.getByTestId('webchat-origins').getByText(origin, { exact: true }).waitFor();
    }
    if (!(await admin.getByTestId('webchat-enabled').isChecked())) await admin.getByTestId('webchat-enabled').check();
    if (!(await admin.getByTestId('webchat-welcome-enabled').isChecked())) await admin.getByTestId('webchat-welcome-enabled').check();
    await admin.getByTestId('webchat-welcome-text').fill(WELCOME);
    await admin.getByTestId('webchat-greeting').fill('Hi! Ask us about any car on the lot.');
    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/webchat/settings') && r.request().method() === 'PATCH');
    await admin.getByTestId('webchat-save').click();
    expect((await saved).status()).toBe(200);
    await admin.getByText('Website chat settings saved.').waitFor();
    const snippet = (await admin.getByTestId('webchat-snippet').textContent())!;
    const key = /data-key="(wk_[A-Za-z0-9_-]+)"/.exec(snippet)![1]!;
    expect(snippet).toBe(`<script src="${origin}/widget/v1.js" data-key="${key}" async></script>`);
    await admin.getByTestId('webchat-snippet-copy').click();
    const copied = await admin.evaluate(() => navigator.clipboard.readText().catch(() => null));
    // Headless Chromium may refuse clipboard reads; when it allows them, the copy is the snippet.
    if (copied !== null) expect(copied).toBe(snippet);
    await setTheme(admin, 'light');
    await screenshot(admin, 'webchat-settings-light');
    await setTheme(admin, 'dark');
    await screenshot(admin, 'webchat-settings-dark');
    await adminCtx.close();

    // 2. An agent watches the inbox.
    const agentCtx = await newContext(browser);
    const agent = await agentCtx.newPage();
    const live = liveStreamOpened(agent);
    await signIn(agent, AGENT);
    await agent.getByTestId('inbox-list').waitFor();
    await live;

    // 3. A visitor on a phone writes; the welcome reply comes back at once.
    const phoneCtx = await newContext(browser, { width: 390, height: 844 });
    const phone = await phoneCtx.newPage();
    await phone.goto(`/widget-test.html?key=${key}`);
    const question = `Is the blue SUV still available? ${Date.now()}`;
    const w = await visitorSays(phone, question);
    await w.replies.filter({ hasText: WELCOME }).waitFor({ timeout: 20_000 });
    expect(await w.bubble('Hi! Ask us about any car on the lot.').count()).toBe(1);
    await screenshot(phone, 'webchat-widget-390-open');

    // 4. The conversation appears live in the agent's inbox on the webchat channel; the agent replies.
    const row = agent.locator('[data-testid^="inbox-row-"]', { hasText: question });
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await agent.getByTestId('messenger-thread').waitFor();
    expect(await agent.getByTestId('composer-channel').inputValue()).toBe('webchat');
    await agent.locator('[data-testid^="message-"][data-direction="OUTBOUND"]', { hasText: WELCOME }).waitFor();
    await agent.getByTestId('composer-input').fill('Yes it is! Would you like a test drive tomorrow?');
    await agent.getByTestId('composer-send').click();
    // 5. The visitor sees the reply live, without reloading; the agent sees it READ once shown.
    await w.replies.filter({ hasText: 'Would you like a test drive tomorrow?' }).waitFor({ timeout: 20_000 });
    const reply = agent.locator('[data-testid^="message-"][data-direction="OUTBOUND"]', { hasText: 'Would you like a test drive tomorrow?' });
    await agent.waitForFunction(
      (sel) => [...document.querySelectorAll(sel)].some((e) => e.textContent?.includes('test drive tomorrow') && e.getAttribute('data-status') === 'READ'),
      '[data-testid^="message-"][data-direction="OUTBOUND"]',
      { timeout: 20_000 },
    );
    expect(await reply.count()).toBe(1);
    await screenshot(phone, 'webchat-widget-390-reply');
    await screenshot(agent, 'webchat-agent-thread');
    // 5b. A reload of the page keeps the conversation and the company's greeting, name and colour.
    await phone.reload();
    const again = widget(phone);
    await again.fab.click();
    await again.replies.filter({ hasText: 'Would you like a test drive tomorrow?' }).waitFor({ timeout: 20_000 });
    expect(await again.bubble('Hi! Ask us about any car on the lot.').count()).toBe(1);
    expect(await again.bubble(question).count()).toBe(1);
    expect(await phone.locator('[data-courier-desk-webchat] .head span').textContent()).toBe('Demo Motors');
    await phoneCtx.close();

    // 6. A desktop visitor (dark system theme): another conversation, its own welcome.
    const deskCtx = await newContext(browser);
    const desk = await deskCtx.newPage();
    await desk.emulateMedia({ colorScheme: 'dark' });
    await desk.goto(`/widget-test.html?key=${key}`);
    const other = `Do you buy used cars? ${Date.now()}`;
    const wd = await visitorSays(desk, other);
    await wd.replies.filter({ hasText: WELCOME }).waitFor({ timeout: 20_000 });
    expect(await wd.bubble(question).count()).toBe(0);
    // The company's bubbles turn dark with the visitor's system theme (they stayed light grey before).
    expect(await wd.replies.first().evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(51, 51, 51)');
    await screenshot(desk, 'webchat-widget-desktop-dark');
    await agent.locator('[data-testid^="inbox-row-"]', { hasText: other }).waitFor({ timeout: 20_000 });
    await deskCtx.close();
    await agentCtx.close();
  }, 240_000);
});
