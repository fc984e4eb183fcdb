import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { currentServer } from './server';

export const DEMO_PASSWORD = 'Demo1234';
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** STACK.md: Debian's Chromium with the flags that keep it off the closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseUrl(): string {
  return currentServer().baseUrl;
}

export async function newContext(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
  });
  // A failing browser test often only says that something did not appear: server errors, refused changes and
  // uncaught page errors on the way are printed beside it.
  ctx.on('response', (res) => {
    const refused = res.status() >= 400 && res.request().method() !== 'GET' && new URL(res.url()).pathname.startsWith('/api/');
    if (res.status() >= 500 || refused) console.log(`[e2e] ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  ctx.on('weberror', (err) => console.log(`[e2e] page error: ${err.error().message}`));
  return ctx;
}

/**
 * The theme this context (or page) starts in: stored before any of its pages' scripts run. Guarded, since the init
 * script also runs in frames without storage (about:blank, opaque origins), where reading localStorage throws.
 */
export async function chooseTheme(target: BrowserContext | Page, theme: 'light' | 'dark'): Promise<void> {
  await target.addInitScript((t) => {
    try {
      window.localStorage.setItem('theme', t);
    } catch {
      // A frame without storage has no theme to set.
    }
  }, theme);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Keys of the side-menu entries currently shown. */
export async function visibleMenuKeys(page: Page): Promise<string[]> {
  await page.getByTestId('side-menu').waitFor();
  const ids = await page
    .getByTestId('side-menu')
    .locator('[data-testid^="side-menu-item-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('side-menu-item-', '')));
  return ids.sort();
}

/**
 * Waits until the page looks finished, so the picture shows what a person sees: fonts loaded, no transition or
 * drawer still moving, no loading indicator (lazy routes, queries) on screen. At most SETTLE_MAX_MS, after which the
 * picture is taken anyway (a screen may show a progress bar on purpose). Not "networkidle": the live-update stream
 * keeps a request open for as long as the page lives.
 */
const SETTLE_MIN_MS = 120;
const SETTLE_MAX_MS = 700;

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(SETTLE_MIN_MS);
  await page
    .waitForFunction(
      () => {
        if (document.fonts.status !== 'loaded') return false;
        const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        if (moving) return false;
        const busy = [...document.querySelectorAll('[role="progressbar"], [aria-busy="true"]')].some((el) => (el as HTMLElement).offsetParent !== null);
        return !busy;
      },
      undefined,
      { timeout: SETTLE_MAX_MS - SETTLE_MIN_MS, polling: 'raf' },
    )
    .catch(() => undefined);
  // One more frame so the last style change is painted.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** A picture named "…-light-…" or "…-dark-…" must show that theme (dark is the default, so a light one is chosen). */
async function expectThemeOfName(page: Page, name: string): Promise<void> {
  const wanted = /(?:^|-)(light|dark)(?:-|$)/.exec(name)?.[1];
  if (!wanted) return;
  const shown = await page.evaluate(() => {
    const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(getComputedStyle(document.body).backgroundColor);
    if (!m || m[4] === '0') return null;
    const [r, g, b] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 128 ? 'light' : 'dark';
  });
  if (shown) expect(shown, `screenshot ${name}: the page shows the ${shown} theme`).toBe(wanted);
}

export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('load');
  await settle(page);
  await expectThemeOfName(page, name);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  // SHOTS_DIR: a second copy somewhere handy for reviewing screens outside the repository.
  const review = process.env.SHOTS_DIR;
  if (review) {
    mkdirSync(review, { recursive: true });
    copyFileSync(file, path.join(review, `${name}.png`));
  }
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 }).catch(() => undefined);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/**
 * Resolves once the page has opened its live-update stream (and the hub has had a moment to register it), so a
 * test does not publish an event before anyone listens. Call before the navigation that starts the app.
 */
export function liveStreamOpened(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const onRequest = (req: { url(): string }) => {
      if (!req.url().includes('/.well-known/mercure')) return;
      page.off('request', onRequest);
      setTimeout(resolve, 500);
    };
    page.on('request', onRequest);
  });
}

/** Counts the page's requests with a method whose URL contains a part, e.g. to prove that a refused save made no PATCH. */
export function countRequests(page: Page, opts: { method: string; urlPart: string }): () => number {
  let n = 0;
  page.on('request', (req) => {
    if (req.method() === opts.method && req.url().includes(opts.urlPart)) n++;
  });
  return () => n;
}
