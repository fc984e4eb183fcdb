import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, signIn } from '../support/browser';

// Issue 11, point 2: a self password change keeps this browser signed in and ends the user's other sessions.
let browser: Browser;
let admin: string;
const PASSWORD = 'Welcome12';
const NEW_PASSWORD = 'Changed123';

async function createUser(): Promise<string> {
  const email = `session.${randomBytes(4).toString('hex')}@motors.example.com`;
  const created = await apiCall({ token: admin, method: 'POST', path: '/api/users', body: { firstName: 'Sam', lastName: 'Session', email, password: PASSWORD } });
  expect(created.status).toBe(201);
  return email;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin@motors.example.com');
});
afterAll(() => browser?.close());

describe('changing my own password', () => {
  it('keeps this browser signed in with a fresh token and signs the other browser out', async () => {
    const email = await createUser();
    const here = await newContext(browser);
    const other = await newContext(browser);
    const page = await here.newPage();
    const otherPage = await other.newPage();
    await signIn(page, email, PASSWORD);
    await signIn(otherPage, email, PASSWORD);
    const tokenBefore = await page.evaluate(() => window.localStorage.getItem('token'));

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-profile').click();
    await page.getByTestId('profile-dialog').waitFor();
    await page.getByTestId('profile-change-password').check();
    await page.getByTestId('profile-password').fill(NEW_PASSWORD);
    await page.getByTestId('profile-confirmPassword').fill(NEW_PASSWORD);
    await page.getByTestId('profile-save').click();
    await page.locator('.Toastify__toast', { hasText: 'profile updated successfully' }).waitFor();
    await page.getByTestId('profile-dialog').waitFor({ state: 'hidden' });

    // This browser stored the fresh pair: the new token works and a reload stays in the app.
    const tokenAfter = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(tokenAfter).not.toBe(tokenBefore);
    expect((await apiCall({ token: tokenAfter!, path: '/api/me' })).status).toBe(200);
    expect((await apiCall({ token: tokenBefore!, path: '/api/me' })).status).toBe(401);
    await page.reload();
    await page.getByTestId('user-menu-button').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');

    // The other browser's session is over: its next request sends it to the sign-in page.
    await otherPage.reload();
    await otherPage.waitForURL((url) => url.pathname.startsWith('/login'), { timeout: 15_000 });

    await here.close();
    await other.close();
  });
});

describe('sign-in back-off', () => {
  it('a stranger guessing holds new browsers off with a clear wait, the owner\'s known browser still signs in', async () => {
    const email = await createUser();
    const known = await newContext(browser);
    const knownPage = await known.newPage();
    await signIn(knownPage, email, PASSWORD);
    const cookie = (await known.cookies()).find((c) => c.name === 'cd_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    await knownPage.evaluate(() => window.localStorage.clear());

    // Wrong guesses (from the same address as the browsers), waiting out each back-off until it reaches 8 s.
    let wait = 0;
    for (let i = 0; i < 20 && wait < 8; i++) {
      const res = await apiCall<{ retryAfter?: number }>({ method: 'POST', path: '/api/login', body: { email, password: 'wrong-guess' } });
      if (res.status === 401) continue;
      expect(res.status).toBe(429);
      wait = res.json.retryAfter!;
      if (wait < 8) await new Promise((r) => setTimeout(r, wait * 1000));
    }
    expect(wait).toBeGreaterThanOrEqual(8);

    const fresh = await newContext(browser);
    const freshPage = await fresh.newPage();
    await freshPage.goto('/login');
    await freshPage.getByTestId('login-email').fill(email);
    await freshPage.getByTestId('login-password').fill(PASSWORD);
    await freshPage.getByTestId('login-submit').click();
    await expect.poll(() => freshPage.getByTestId('login-error').textContent()).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);

    await signIn(knownPage, email, PASSWORD);
    expect(new URL(knownPage.url()).pathname).not.toBe('/login');
    await known.close();
    await fresh.close();
  });
});
