import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { expectPath, launchBrowser, newContext, signIn, screenshot } from '../support/browser';

/** Demo Motors' admin: an automotive company, so the user dialog also shows mechanic/advisor and the DMS ids. */
const ADMIN = 'admin@motors.example.com';
const RECEIVER = 'agent@motors.example.com';
const run = Date.now().toString(36);
const SERVICE_TITLE = `E2E tire rotation ${run}`;
const USER_EMAIL = `e2e.user.${run}@motors.example.com`;
/** The narrowest width with the settings screen: at 768 px and below the app switches to its phone layout, which
 * offers only the inbox (spec part 1 §2). */
const NARROW = { width: 800, height: 900 };

type TUserLike = { id: number; email: string; enabled: boolean; lastName: string; roles: string[]; advisor: boolean; dms: Record<string, string | null> };
type TServiceLike = { id: number; title: string; price: number; duration: number };

let browser: Browser;
let token: string;
let companyId: number;
let adminId: number;

async function services(): Promise<TServiceLike[]> {
  return (await apiCall<{ member: TServiceLike[] }>({ token, path: `/api/company_services?company=${companyId}&pagination=false` })).json.member;
}

async function users(): Promise<TUserLike[]> {
  return (await apiCall<{ member: TUserLike[] }>({ token, path: `/api/users?company=${companyId}&pagination=false` })).json.member;
}

/** Counts calls matching `method path` (path as a regular expression), to prove that a refused form makes none. */
function countCalls(page: Page, method: string, pathRe: RegExp): () => number {
  let n = 0;
  page.on('request', (req) => {
    if (req.method() === method && pathRe.test(new URL(req.url()).pathname)) n++;
  });
  return () => n;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(ADMIN);
  const me = await apiCall<{ id: number; company: string }>({ token, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  adminId = me.json.id;
});

afterAll(async () => {
  // Remove whatever this run created, whatever happened above.
  if (token) {
    for (const s of await services()) if (s.title === SERVICE_TITLE) await apiCall({ token, method: 'DELETE', path: `/api/company_services/${s.id}` });
    for (const u of await users()) if (u.email === USER_EMAIL) await apiCall({ token, method: 'DELETE', path: `/api/users/${u.id}?transferTo=${adminId}` });
  }
  await browser?.close();
});

describe('general data → services (company admin)', () => {
  it('adds, edits (dollars shown back) and deletes a service; bad input makes no call', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const writes = countCalls(page, 'POST', /^\/api\/company_services$/);
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/general_data`);
    await page.getByTestId('services-table').waitFor();

    await page.getByTestId('service-add').click();
    await page.getByTestId('service-field-title').fill(SERVICE_TITLE);
    await page.getByTestId('service-field-description').fill('Rotate all four tires and check pressure.');
    await page.getByTestId('service-field-duration').fill('0');
    // The shared numeric input cuts decimals to the scale and refuses a minus; an empty price is required.
    await page.getByTestId('service-field-price').fill('12.345');
    expect(await page.getByTestId('service-field-price').inputValue()).toBe('12.34');
    await page.getByTestId('service-field-price').fill('');
    await page.getByTestId('service-field-price').pressSequentially('-5');
    expect(await page.getByTestId('service-field-price').inputValue()).toBe('5');
    await page.getByTestId('service-field-price').fill('');
    await page.getByTestId('service-submit').click();
    await page.getByText('Enter whole minutes above zero.').waitFor();
    await page.getByTestId('service-dialog').getByText('Required').waitFor();
    await screenshot(page, 'services-dialog-errors-dark');
    expect(writes()).toBe(0);

    await page.getByTestId('service-field-duration').fill('45');
    await page.getByTestId('service-field-price').fill('1234.5');
    expect(await page.getByTestId('service-field-price').inputValue()).toBe('1,234.5');
    await page.getByTestId('service-submit').click();
    await page.getByTestId('service-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('services-table').locator('tr', { hasText: SERVICE_TITLE });
    await row.waitFor();
    expect(await row.getByTestId('service-price').textContent()).toBe('$1,234.50');
    expect(await row.getByTestId('service-duration').textContent()).toBe('45 min');
    const created = (await services()).find((s) => s.title === SERVICE_TITLE)!;
    expect(created).toMatchObject({ price: 123450, duration: 45 });

    // Edit: the price comes back in dollars; only the changed field is sent.
    const bodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes(`/api/company_services/${created.id}`)) bodies.push(req.postDataJSON());
    });
    await page.getByTestId(`service-edit-${created.id}`).click();
    expect(await page.getByTestId('service-field-price').inputValue()).toBe('1,234.50');
    expect(await page.getByTestId('service-field-duration').inputValue()).toBe('45');
    await page.getByTestId('service-field-price').fill('49.99');
    await page.getByTestId('service-submit').click();
    await page.getByTestId('service-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('service-price').textContent()).toBe('$49.99');
    expect(bodies).toEqual([{ price: 4999 }]);
    await page.getByTestId(`service-edit-${created.id}`).click();
    expect(await page.getByTestId('service-field-price').inputValue()).toBe('49.99');
    await screenshot(page, 'services-dialog-edit-dark');
    await page.getByTestId('service-cancel').click();

    await page.getByTestId('services').scrollIntoViewIfNeeded();
    await screenshot(page, 'services-table-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('services-table').locator('tr', { hasText: SERVICE_TITLE }).waitFor();
    await page.getByTestId('services').scrollIntoViewIfNeeded();
    await screenshot(page, 'services-table-light');
    await page.setViewportSize(NARROW);
    await page.getByTestId('services').scrollIntoViewIfNeeded();
    await screenshot(page, 'services-table-narrow-light');

    await page.getByTestId(`service-delete-${created.id}`).click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId(`service-row-${created.id}`).waitFor({ state: 'detached' });
    expect((await apiCall({ token, path: `/api/company_services/${created.id}` })).status).toBe(404);
    await ctx.close();
  });
});

describe('users tab (company admin)', () => {
  it('adds a user, disables and re-enables them, changes their password and deletes them with a transfer', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const creates = countCalls(page, 'POST', /^\/api\/users$/);
    const passwordChanges = countCalls(page, 'PUT', /^\/api\/users\/\d+\/change_password$/);
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/general_data`);
    await page.getByTestId('company-tab-users').click();
    await expectPath(page, `/companies/${companyId}/users`);
    await page.getByTestId('users-table').waitFor();
    // The admin's own row cannot be disabled or deleted.
    expect(await page.getByTestId(`user-enabled-${adminId}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`user-delete-${adminId}`).isDisabled()).toBe(true);

    await page.getByTestId('user-add').click();
    await page.getByTestId('user-field-firstName').fill('Erin');
    await page.getByTestId('user-field-lastName').fill('Endtoend');
    await page.getByTestId('user-field-email').fill(USER_EMAIL);
    await page.getByTestId('user-field-phone').fill('+15555550142');
    await page.getByTestId('user-role-ROLE_COMMUNICATION').check();
    await page.getByTestId('user-role-ROLE_APPOINTMENTS').check();
    await page.getByTestId('user-kind-advisor').check();
    await page.getByTestId('user-field-department').fill('Service');
    await page.getByTestId('user-field-dtPersonId').fill('DT-42');
    await page.getByTestId('user-field-password').fill('Welcome12');
    await page.getByTestId('user-field-confirmPassword').fill('Welcome13');
    await page.getByTestId('user-submit').click();
    await page.getByText('Passwords do not match.').first().waitFor();
    await screenshot(page, 'users-dialog-add-dark');
    expect(creates()).toBe(0);
    await page.getByTestId('user-field-confirmPassword').fill('Welcome12');
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });

    const created = (await users()).find((u) => u.email === USER_EMAIL)!;
    expect(created).toMatchObject({ enabled: true, advisor: true, roles: ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_APPOINTMENTS'], dms: { dtPersonId: 'DT-42' } });
    const row = page.getByTestId(`user-row-${created.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Communication');
    expect(await row.textContent()).not.toContain('ROLE_USER');

    // Disable, then enable again.
    await page.getByTestId(`user-enabled-${created.id}`).click();
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('false');
    await row.getByTestId('user-disabled-chip').waitFor();
    expect((await users()).find((u) => u.id === created.id)!.enabled).toBe(false);
    expect((await apiCall({ method: 'POST', path: '/api/login', body: { email: USER_EMAIL, password: 'Welcome12' } })).status).toBe(401);
    await screenshot(page, 'users-table-disabled-dark');
    await page.getByTestId(`user-enabled-${created.id}`).click();
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('true');
    expect((await users()).find((u) => u.id === created.id)!.enabled).toBe(true);

    // Edit: a changed last name and one role less.
    await page.getByTestId(`user-edit-${created.id}`).click();
    expect(await page.getByTestId('user-field-email').inputValue()).toBe(USER_EMAIL);
    await page.getByTestId('user-field-lastName').fill('Edited');
    await page.getByTestId('user-role-ROLE_APPOINTMENTS').uncheck();
    await screenshot(page, 'users-dialog-edit-dark');
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    const edited = (await users()).find((u) => u.id === created.id)!;
    expect(edited).toMatchObject({ lastName: 'Edited', roles: ['ROLE_USER', 'ROLE_COMMUNICATION'], dms: { dtPersonId: 'DT-42' } });

    // Change password: a mismatch warns and sends nothing; then the new password signs in.
    await page.getByTestId(`user-password-${created.id}`).click();
    await page.getByTestId('change-password-password').fill('Changed123');
    await page.getByTestId('change-password-confirm').fill('Changed124');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Passwords do not match.').first().waitFor();
    expect(passwordChanges()).toBe(0);
    await page.getByTestId('change-password-confirm').fill('Changed123');
    await page.getByTestId('change-password-submit').click();
    await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
    expect((await apiCall({ method: 'POST', path: '/api/login', body: { email: USER_EMAIL, password: 'Changed123' } })).status).toBe(200);

    await screenshot(page, 'users-table-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await row.waitFor();
    await screenshot(page, 'users-table-light');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'users-table-narrow-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await row.waitFor();
    await screenshot(page, 'users-table-narrow-dark');
    await page.setViewportSize({ width: 1366, height: 860 });

    // Delete: a receiver is required, then the user is gone.
    const receiver = (await users()).find((u) => u.email === RECEIVER)!;
    await page.getByTestId(`user-delete-${created.id}`).click();
    await page.getByTestId('delete-user-submit').click();
    await page.getByText('Choose who receives the customers.').waitFor();
    await page.getByTestId('delete-user-dialog').getByRole('combobox').click();
    await page.getByTestId(`delete-user-transfer-${receiver.id}`).click();
    await screenshot(page, 'users-dialog-delete-dark');
    await page.getByTestId('delete-user-submit').click();
    await page.getByTestId('delete-user-dialog').waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect((await users()).some((u) => u.id === created.id)).toBe(false);
    await ctx.close();
  });
});

describe('a user who is not a company admin', () => {
  it('reads the services without edit controls and is told that users are managed by admins', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, RECEIVER);
    await page.goto(`/companies/${companyId}/general_data`);
    const table = page.getByTestId('services-table');
    await table.locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('service-add').count()).toBe(0);
    expect(await table.locator('[data-testid^="service-edit-"]').count()).toBe(0);
    expect(await table.locator('[data-testid^="service-delete-"]').count()).toBe(0);
    await page.getByTestId('services').scrollIntoViewIfNeeded();
    await screenshot(page, 'services-read-only-dark');
    await page.goto(`/companies/${companyId}/users`);
    await page.getByTestId('users-admins-only').waitFor();
    expect(await page.getByTestId('users-table').count()).toBe(0);
    await ctx.close();
  });
});
