import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, signIn } from '../support/browser';

// Issue 11, point 2: a self password change keeps this browser signed in and ends the user's other sessions.
let browser: Browser;
let email: string;
const PASSWORD = 'Welcome12';
const NEW_PASSWORD = 'Changed123';

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiToken('admin@motors.example.com');
  email = `session.${randomBytes(4).toString('hex')}@motors.example.com`;
  const created = await apiCall({ token: admin, method: 'POST', path: '/api/users', body: { firstName: 'Sam', lastName: 'Session', email, password: PASSWORD } });
  expect(created.status).toBe(201);
});
afterAll(() => browser?.close());

describe('changing my own password', () => {
  it('keeps this browser signed in with a fresh token and signs the other browser out', async () => {
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
