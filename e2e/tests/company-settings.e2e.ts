import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { countRequests, expectPath, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

const ADMIN = 'admin@realty.example.com';
type THoursLike = Record<string, { isOffDay: boolean; intervals: { startsAt: string; endsAt: string }[] }>;

let browser: Browser;
let token: string;
let companyId: number;
let originalHours: THoursLike;
let originalAddress: string | null;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(ADMIN);
  const me = await apiCall<{ company: string }>({ token, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  const company = await apiCall<{ hours: THoursLike; address: string | null }>({ token, path: `/api/companies/${companyId}` });
  originalHours = company.json.hours;
  originalAddress = company.json.address;
});

afterAll(async () => {
  // Put the demo company's hours and address back whatever happened above.
  if (originalHours)
    await apiCall({ token, method: 'PATCH', path: `/api/companies/${companyId}`, body: { hours: originalHours, address: originalAddress } });
  await browser?.close();
});

/** Counts PATCH calls to the company, to prove that a refused save makes none. */
const countPatches = (page: Page) => countRequests(page, { method: 'PATCH', urlPart: `/api/companies/${companyId}` });

describe('company settings (company admin)', () => {
  it('opens from the own-company entry; the tab is in the URL; hidden and unknown tabs redirect', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await page.getByTestId('side-menu-item-company').click();
    await expectPath(page, `/companies/${companyId}/general_data`);
    await page.getByTestId('working-hours').waitFor();
    const tabs = await page.locator('[data-testid^="company-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tabs).toContain('company-tab-users');
    expect(tabs).not.toContain('company-tab-modules');
    expect(tabs).not.toContain('company-tab-ocs');
    expect(tabs).not.toContain('company-tab-dms');

    await page.getByTestId('company-tab-users').click();
    await expectPath(page, `/companies/${companyId}/users`);
    await page.getByTestId('users-table').waitFor();
    await page.goBack();
    await expectPath(page, `/companies/${companyId}/general_data`);
    await page.getByTestId('working-hours').waitFor();

    for (const tab of ['modules', 'no-such-tab']) {
      await page.goto(`/companies/${companyId}/${tab}`);
      await expectPath(page, `/companies/${companyId}/general_data`);
    }
    // Name and slug are locked for a company admin.
    await page.getByTestId('company-info-edit').click();
    expect(await page.getByTestId('company-field-name').isDisabled()).toBe(true);
    expect(await page.getByTestId('company-field-slug').isDisabled()).toBe(true);
    expect(await page.getByTestId('company-field-email').isDisabled()).toBe(false);
    await page.getByTestId('company-info-cancel').click();
    await ctx.close();
  });

  it('info: an invalid email stays in the browser, Cancel restores, a changed address is saved alone', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const patches = countPatches(page);
    const bodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes(`/api/companies/${companyId}`)) bodies.push(req.postDataJSON());
    });
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/general_data`);
    const emailView = page.getByTestId('company-info-view-email');
    await emailView.waitFor();
    const emailBefore = await emailView.textContent();

    await page.getByTestId('company-info-edit').click();
    await page.getByTestId('company-field-email').fill('not-an-email');
    await page.getByTestId('company-info-save').click();
    await page.getByText('Enter a valid email address.').waitFor();
    expect(patches()).toBe(0);
    await page.getByTestId('company-info-cancel').click();
    expect(await emailView.textContent()).toBe(emailBefore);

    await page.getByTestId('company-info-edit').click();
    await page.getByTestId('company-field-address').fill('  1 Settings Street  ');
    // The default customer user picker lists the company's users.
    await page.getByTestId('company-field-defaultCustomerUser').locator('..').click();
    expect(await page.getByRole('option').count()).toBeGreaterThan(1);
    await screenshot(page, 'company-settings-info-edit-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('company-info-save').click();
    await page.getByText('Success').first().waitFor();
    expect(bodies).toEqual([{ address: '1 Settings Street' }]);
    await page.getByTestId('company-info-view-address').getByText('1 Settings Street').waitFor();
    await ctx.close();
  });

  it('warns "no changes" without a call, refuses an overlap without a call, saves an added interval', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const patches = countPatches(page);
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/general_data`);
    const saturday = originalHours.saturday!;

    // Unchanged save.
    await page.getByTestId('working-hours-edit').click();
    await page.getByTestId('working-hours-save').click();
    await page.getByText('no changes').waitFor();
    expect(patches()).toBe(0);
    await page.getByTestId('working-hours-cancel').click();

    // Overlap: a second Saturday interval inside the first one.
    await page.getByTestId('working-hours-edit').click();
    if (saturday.isOffDay) await page.getByTestId('hours-saturday-off').click();
    const base = saturday.intervals.length;
    if (base === 0) {
      await page.getByTestId('hours-saturday-add').click();
      await page.getByTestId('hours-saturday-0-start').fill('09:00');
      await page.getByTestId('hours-saturday-0-end').fill('12:00');
    }
    const first = base === 0 ? { startsAt: '09:00', endsAt: '12:00' } : saturday.intervals[0]!;
    const n = Math.max(base, 1);
    await page.getByTestId('hours-saturday-add').click();
    await page.getByTestId(`hours-saturday-${n}-start`).fill(first.startsAt);
    await page.getByTestId(`hours-saturday-${n}-end`).fill(first.endsAt);
    await page.getByTestId('working-hours-save').click();
    await page.getByTestId('hours-saturday-error').waitFor();
    expect(await page.getByTestId('hours-saturday-error').textContent()).toMatch(/overlap/i);
    await page.getByTestId('hours-saturday').scrollIntoViewIfNeeded();
    await screenshot(page, 'company-settings-hours-overlap');
    expect(patches()).toBe(0);

    // Fix it: the new interval right after the last one → saved.
    const lastEnd = (base === 0 ? first : saturday.intervals[base - 1]!).endsAt;
    const added = { startsAt: lastEnd, endsAt: lastEnd < '23:00' ? '23:00' : '23:59' };
    await page.getByTestId(`hours-saturday-${n}-start`).fill(added.startsAt);
    await page.getByTestId(`hours-saturday-${n}-end`).fill(added.endsAt);
    await page.getByTestId('working-hours-save').click();
    await page.getByText('Success').first().waitFor();
    expect(patches()).toBe(1);
    await page.getByTestId('working-hours-edit').waitFor();

    await page.reload();
    const view = page.getByTestId('hours-saturday-view');
    await view.waitFor();
    expect(await view.textContent()).toContain(`${added.startsAt}–${added.endsAt}`);
    const saved = await apiCall<{ hours: THoursLike }>({ token, path: `/api/companies/${companyId}` });
    expect(saved.json.hours.saturday!.intervals).toContainEqual(added);
    await screenshot(page, 'company-settings-general-dark');

    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('hours-saturday-view').waitFor();
    await screenshot(page, 'company-settings-general-light');
    await page.getByTestId('working-hours-edit').click();
    await screenshot(page, 'company-settings-hours-edit-light');
    await ctx.close();
  });
});
