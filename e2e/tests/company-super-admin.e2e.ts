import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { chooseTheme, expectPath, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';

const ROOT = 'superadmin@example.com';

let browser: Browser;
let token: string;
const created: number[] = [];

/** A fresh company per test, so the demo companies stay as they are. */
async function createCompany(name: string): Promise<{ id: number; slug: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const res = await apiCall<{ id: number; slug: string }>({ token, method: 'POST', path: '/api/companies', body: { name, slug } });
  expect(res.status).toBe(201);
  created.push(res.json.id);
  return res.json;
}

async function tabs(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="company-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('company-tab-', '')));
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(ROOT);
});

afterAll(async () => {
  for (const id of created) await apiCall({ token, method: 'DELETE', path: `/api/companies/${id}` });
  await browser?.close();
});

describe('company settings (super admin)', () => {
  it('toggling a module shows or hides its tab at once; the header menu disables, enables and deletes', async () => {
    const company = await createCompany('Module Motors');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ROOT);
    await page.goto(`/companies/${company.id}/modules`);
    await page.getByTestId('company-modules').waitFor();
    expect(await tabs(page)).toEqual(expect.arrayContaining(['modules', 'ocs']));
    expect(await tabs(page)).not.toContain('appointments');
    expect(await tabs(page)).not.toContain('dms');

    await page.getByTestId('module-switch-appointments').click();
    await page.getByTestId('company-tab-appointments').waitFor();
    await page.getByTestId('module-switch-automotive').click();
    await page.getByTestId('company-tab-dms').waitFor();
    await screenshot(page, 'company-modules-dark');
    const saved = await apiCall<{ modules: Record<string, boolean> }>({ token, path: `/api/companies/${company.id}` });
    expect(saved.json.modules).toMatchObject({ appointments: true, automotive: true });

    await page.getByTestId('module-switch-appointments').click();
    await page.getByTestId('company-tab-appointments').waitFor({ state: 'detached' });

    // The roles the company may hand out: drop Marketing.
    await page.getByTestId('available-roles-edit').click();
    await page.getByTestId('available-role-ROLE_MARKETING').uncheck();
    await page.getByTestId('available-roles').scrollIntoViewIfNeeded();
    await screenshot(page, 'company-available-roles-edit-dark');
    await page.getByTestId('available-roles-save').click();
    await page.getByTestId('available-roles-edit').waitFor();
    const roles = await apiCall<{ availableUserRoles: string[] }>({ token, path: `/api/companies/${company.id}` });
    expect(roles.json.availableUserRoles).not.toContain('ROLE_MARKETING');
    expect(roles.json.availableUserRoles).toContain('ROLE_COMPANY_ADMIN');

    // DMS: vendor A reveals its fields and the sync, which says plainly that no connector is configured.
    await page.getByTestId('company-tab-dms').click();
    await page.getByTestId('company-dms-edit').click();
    expect(await page.getByTestId('company-dms-field-dtCompanyNumber').count()).toBe(0);
    await page.getByTestId('company-dms-field-dmsType').locator('..').click();
    await page.getByRole('option', { name: 'Vendor A (DealerTrack)' }).click();
    await page.getByTestId('company-dms-field-dtCompanyNumber').fill('DT-42');
    await page.getByTestId('company-dms-field-enabled').check();
    await page.getByTestId('company-dms-save').click();
    await page.getByTestId('company-dms-view-dtCompanyNumber').getByText('DT-42').waitFor();
    await page.getByTestId('dms-sync-button').click();
    await page.getByText('No connection to the dealer management system is configured on this server.').waitFor();
    // The repair-order import is refused for the same reason, in the box's own words; no run was recorded.
    await page.getByTestId('dms-runs-empty').waitFor();
    await page.getByTestId('dms-import-button').click();
    await page.getByTestId('dms-import-error').getByText('This server has no login for this dealer system yet', { exact: false }).waitFor();
    await screenshot(page, 'company-dms-dark');

    // Header menu: disable, enable, delete (after confirmation) → back to the list.
    await page.getByTestId('company-header-menu').click();
    await page.getByTestId('company-header-toggle-enabled').click();
    await page.getByTestId('company-enabled-chip').getByText('Disabled').waitFor();
    await page.getByTestId('company-header-menu').click();
    await page.getByTestId('company-header-toggle-enabled').click();
    await page.getByTestId('company-enabled-chip').getByText('Enabled').waitFor();
    await page.getByTestId('company-header-menu').click();
    await page.getByTestId('company-header-delete').click();
    await page.getByTestId('confirm-dialog').getByText('are you sure you want to delete selected company?').waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expectPath(page, '/companies');
    expect((await apiCall({ token, path: `/api/companies/${company.id}` })).status).toBe(404);
    await ctx.close();
  });

  it('messaging channels: a secret is saved, then shown only as its mask; a bad number is refused on the field', async () => {
    const company = await createCompany('Channel Cars');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ROOT);
    await page.goto(`/companies/${company.id}/ocs`);
    await page.getByTestId('ocs-sms_provider').waitFor();
    await page.getByTestId('ocs-sms_provider-edit').click();
    await page.getByTestId('ocs-sms_provider-field-twilioAccountSID').fill('AC0123456789');
    await page.getByTestId('ocs-sms_provider-field-twilioAuthToken').fill('e2e-super-secret-token-4242');
    await page.getByTestId('ocs-sms_provider-field-twilioPhoneNumber').fill('12');
    await page.getByTestId('ocs-sms_provider-save').click();
    await page.getByTestId('ocs-sms_provider').getByText('This phone number is not valid.').waitFor();
    await page.getByTestId('ocs-sms_provider-field-twilioPhoneNumber').fill('+15555550123');
    await page.getByTestId('ocs-sms_provider-save').click();
    await page.getByText('Success').first().waitFor();
    const tokenView = page.getByTestId('ocs-sms_provider-view-twilioAuthToken');
    await tokenView.waitFor();
    expect(await tokenView.textContent()).toContain('••••••••4242');
    expect(await page.content()).not.toContain('e2e-super-secret-token-4242');

    await page.getByTestId('ocs-subtab-whatsapp').click();
    await page.getByTestId('ocs-whatsapp').waitFor();
    await screenshot(page, 'company-ocs-dark');
    await ctx.close();
  });

  it('payment: provider fields, terminals kept locally until save, the webhook URL helper', async () => {
    const company = await createCompany('Pay Garage');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await chooseTheme(page, 'light');
    await signIn(page, ROOT);
    await page.goto(`/companies/${company.id}/payment`);
    await page.getByTestId('company-payment-edit').click();
    await page.getByTestId('company-payment-field-provider').locator('..').click();
    await page.getByRole('option', { name: 'Card processor (current)' }).click();
    await page.getByTestId('company-payment-field-apiKey').fill('key-123');
    await page.getByTestId('company-payment-field-markAsExpiredAfterDays').pressSequentially('-1e4');
    expect(await page.getByTestId('company-payment-field-markAsExpiredAfterDays').inputValue()).toBe('14');

    // A new row cancelled is dropped; a kept row waits for the form's save.
    await page.getByTestId('terminal-add').click();
    await page.getByTestId('terminal-field-serial').fill('DROPPED');
    await page.getByTestId('terminal-cancel').click();
    expect(await page.getByTestId('terminal-row').count()).toBe(0);
    await page.getByTestId('terminal-add').click();
    await page.getByTestId('terminal-keep').click();
    await page.getByTestId('terminal-row-editing').getByText('Required', { exact: false }).waitFor();
    await page.getByTestId('terminal-field-serial').fill('SN-0001');
    await page.getByTestId('terminal-field-description').fill('Front desk');
    await page.getByTestId('terminal-keep').click();
    await page.getByTestId('terminal-row').getByText('SN-0001').waitFor();
    await page.getByTestId('terminal-row').getByText('All users').waitFor();
    await screenshot(page, 'company-payment-edit-light');
    const before = await apiCall<{ payment: unknown }>({ token, path: `/api/companies/${company.id}` });
    expect(before.json.payment).toBeNull();

    await page.getByTestId('company-payment-save').click();
    await page.getByText('Success').first().waitFor();
    await page.getByTestId('company-payment-edit').waitFor();
    const saved = await apiCall<{ payment: Record<string, unknown> }>({ token, path: `/api/companies/${company.id}` });
    expect(saved.json.payment).toMatchObject({
      provider: 'current',
      markAsExpiredAfterDays: 14,
      terminals: [{ serial: 'SN-0001', description: 'Front desk', assignedTo: [0] }],
    });
    expect(saved.json.payment.apiKey).toMatch(/^••••••••/);
    const url = await page.getByTestId('company-payment-webhook-url').textContent();
    expect(url).toMatch(new RegExp(`/api/webhooks/payment/current/${company.slug}/transaction$`));
    await screenshot(page, 'company-payment-light');
    await ctx.close();
  });

  it("a super admin's module switch and a new user reach the company admin's open settings screen live", async () => {
    const company = await createCompany('Live Lots');
    const email = `admin.${company.slug}@test.example`;
    const password = 'Live1234Pass';
    const user = await apiCall({
      token,
      method: 'POST',
      path: '/api/users',
      body: { firstName: 'Lee', lastName: 'Live', email, password, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], company: `/api/companies/${company.id}` },
    });
    expect(user.status).toBe(201);

    const adminCtx = await newContext(browser);
    const admin = await adminCtx.newPage();
    const listening = liveStreamOpened(admin);
    await signIn(admin, email, password);
    await admin.goto(`/companies/${company.id}/general_data`);
    await admin.getByTestId('working-hours').waitFor();
    await listening;
    expect(await tabs(admin)).not.toContain('appointments');

    const toggled = await apiCall({ token, method: 'PUT', path: `/api/companies/${company.id}/toggle_module`, body: { module: 'appointments', toggle: true } });
    expect(toggled.status).toBe(200);
    await admin.getByTestId('company-tab-appointments').waitFor();

    // A colleague added elsewhere appears in the open users table.
    await admin.getByTestId('company-tab-users').click();
    await admin.getByTestId('users-table').waitFor();
    const added = await apiCall<{ id: number }>({
      token,
      method: 'POST',
      path: '/api/users',
      body: { firstName: 'Newt', lastName: 'Live', email: `newt.${company.slug}@test.example`, password, company: `/api/companies/${company.id}` },
    });
    expect(added.status).toBe(201);
    await admin.getByTestId(`user-row-${added.json.id}`).waitFor();
    await adminCtx.close();
  });
});
