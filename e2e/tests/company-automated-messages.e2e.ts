import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { countRequests, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

const ADMIN = 'admin@motors.example.com';

let browser: Browser;
let token: string;
let companyId: number;
let original: { welcomeMessage: string | null; welcomeMessageEnabled: boolean };

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(ADMIN);
  const me = await apiCall<{ company: string }>({ token, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  const company = await apiCall<typeof original>({ token, path: `/api/companies/${companyId}` });
  original = { welcomeMessage: company.json.welcomeMessage, welcomeMessageEnabled: company.json.welcomeMessageEnabled };
});

afterAll(async () => {
  // The demo company keeps its welcome message whatever happened above.
  if (original) await apiCall({ token, method: 'PATCH', path: `/api/companies/${companyId}`, body: original });
  await browser?.close();
});

/** Counts PATCH calls to the company, to prove that a refused save makes none. */
const countPatches = (page: Page) => countRequests(page, { method: 'PATCH', urlPart: `/api/companies/${companyId}` });

describe('automated messages (company admin)', () => {
  it('refuses a welcome message without "text stop" in the browser, then saves one with it', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const patches = countPatches(page);
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/automated_messages`);
    await page.getByTestId('automated-messages-tab-automotive').waitFor();
    expect(await page.getByTestId('automated-messages-tab-real_estate').count()).toBe(0);

    await page.getByTestId('welcome-message-edit').click();
    const field = page.getByTestId('text-field-welcomeMessage');
    await field.fill('Welcome to Demo Motors! Reply any time.');
    await page.getByTestId('welcome-message-save').click();
    await page.getByText('The welcome message must contain "text stop"').waitFor();
    expect(patches()).toBe(0);
    await screenshot(page, 'automated-messages-welcome-error-dark');

    const text = 'Welcome to Demo Motors! Reply any time. Text STOP to opt out.';
    await field.fill(text);
    await page.getByTestId('welcome-message-save').click();
    await page.getByText('Success').first().waitFor();
    expect(patches()).toBe(1);
    await page.getByTestId('text-field-welcomeMessage').getByText(text).waitFor();
    const saved = await apiCall<{ welcomeMessage: string }>({ token, path: `/api/companies/${companyId}` });
    expect(saved.json.welcomeMessage).toBe(text);
    await ctx.close();
  });

  it('automotive: a chip inserts its modifier at the caret; a text without its modifier is refused without a call', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const patches = countPatches(page);
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/automated_messages#automotive`);
    await page.getByTestId('automotive-messages-edit').click();

    const status = page.getByTestId('text-field-automotiveMessages.repairOrderStatusUrl');
    await status.fill('Track your repair here:  anytime');
    await status.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(24, 24));
    await page.getByTestId('text-field-automotiveMessages.repairOrderStatusUrl-modifiers').getByTestId('modifier-chip-status_url').click();
    expect(await status.inputValue()).toBe('Track your repair here: {status_url} anytime');

    const prior = page.getByTestId('text-field-automotiveMessages.vehicleReadyNotifyPriorToArrivalText');
    await prior.fill('Your car is ready in {minutes} minutes.');
    await page.getByTestId('automotive-messages-save').click();
    await page.getByText('The text must contain {vehicle_ready_url}.').waitFor();
    expect(patches()).toBe(0);
    await prior.scrollIntoViewIfNeeded();
    await screenshot(page, 'automated-messages-automotive-edit-dark');
    await page.getByTestId('automotive-messages-cancel').click();
    await page.getByTestId('automotive-messages-edit').waitFor();
    expect(patches()).toBe(0);
    await ctx.close();
  });

  it('message templates: add (empty text refused), edit and delete with confirmation', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await page.goto(`/companies/${companyId}/predefined_messages`);
    await page.getByTestId('message-template-add').click();
    await page.getByTestId('message-template-save').click();
    await page.getByTestId('message-template-dialog').getByText('Must not be empty').waitFor();

    const text = `Your vehicle is ready for pickup (e2e ${Date.now()}).`;
    await page.getByTestId('message-template-text').fill(text);
    await page.getByTestId('message-template-save').click();
    await page.getByTestId('message-template-dialog').waitFor({ state: 'detached' });
    const row = page.locator('[data-testid^="message-template-row-"]', { hasText: text });
    await row.waitFor();
    const id = (await row.getAttribute('data-testid'))!.replace('message-template-row-', '');
    await screenshot(page, 'message-templates-dark');

    await page.getByTestId(`message-template-edit-${id}`).click();
    expect(await page.getByTestId('message-template-text').inputValue()).toBe(text);
    await page.getByTestId('message-template-text').fill(`${text} Edited`);
    await screenshot(page, 'message-templates-dialog-dark');
    await page.getByTestId('message-template-save').click();
    await page.getByTestId(`message-template-row-${id}`).getByText(`${text} Edited`).waitFor();

    await page.getByTestId(`message-template-delete-${id}`).click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId(`message-template-row-${id}`).waitFor({ state: 'detached' });
    const list = await apiCall<{ member: { id: number }[] }>({ token, path: '/api/message_templates' });
    expect(list.json.member.map((m) => m.id)).not.toContain(Number(id));
    await ctx.close();
  });

  it("a super admin adds, edits and deletes a template on Demo Motors' screen", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto(`/companies/${companyId}/predefined_messages`);
    await page.getByTestId('message-template-add').click();
    const text = `Head office reminder (e2e ${Date.now()}).`;
    await page.getByTestId('message-template-text').fill(text);
    await page.getByTestId('message-template-save').click();
    const row = page.locator('[data-testid^="message-template-row-"]', { hasText: text });
    await row.waitFor();
    const id = Number((await row.getAttribute('data-testid'))!.replace('message-template-row-', ''));
    // It belongs to Demo Motors: the company's own admin sees it.
    const mine = await apiCall<{ member: { id: number; text: string }[] }>({ token, path: '/api/message_templates' });
    expect(mine.json.member.find((m) => m.id === id)?.text).toBe(text);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await row.waitFor();
      await screenshot(page, `message-templates-super-admin-${theme}`);
    }

    await page.getByTestId(`message-template-edit-${id}`).click();
    await page.getByTestId('message-template-text').fill(`${text} Edited`);
    await page.getByTestId('message-template-save').click();
    await page.getByTestId(`message-template-row-${id}`).getByText(`${text} Edited`).waitFor();

    await page.getByTestId(`message-template-delete-${id}`).click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId(`message-template-row-${id}`).waitFor({ state: 'detached' });
    const after = await apiCall<{ member: { id: number }[] }>({ token, path: '/api/message_templates' });
    expect(after.json.member.map((m) => m.id)).not.toContain(id);
    await ctx.close();
  });

  it('an agent sees the settings read-only', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await page.goto(`/companies/${companyId}/automated_messages`);
    await page.getByTestId('welcome-message').waitFor();
    expect(await page.getByTestId('welcome-message-edit').count()).toBe(0);
    await page.goto(`/companies/${companyId}/predefined_messages`);
    await page.getByTestId('message-templates-table').waitFor();
    expect(await page.getByTestId('message-template-add').count()).toBe(0);
    await ctx.close();
  });

  it('screens in light and dark theme: alerts, appointments, automated messages', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/companies/${companyId}/automated_messages`);
      await page.getByTestId('welcome-message').waitFor();
      await screenshot(page, `automated-messages-standard-${theme}`);
      await page.getByTestId('automated-messages-tab-automotive').click();
      await page.getByTestId('automotive-messages-edit').waitFor();
      await screenshot(page, `automated-messages-automotive-view-${theme}`);
      await page.getByTestId('automotive-messages-edit').click();
      await screenshot(page, `automated-messages-automotive-${theme}`);
      await page.goto(`/companies/${companyId}/alerts`);
      await page.getByTestId('alerts-edit').click();
      await screenshot(page, `alerts-${theme}`);
      await page.goto(`/companies/${companyId}/appointments`);
      await page.getByTestId('appointments-settings-edit').click();
      await page.getByTestId('field-appointmentsSettings.sendReminder').check();
      await screenshot(page, `appointments-${theme}`);
      await page.goto(`/companies/${companyId}/predefined_messages`);
      await page.locator('[data-testid="message-templates-table"], [data-testid="message-templates-empty"]').first().waitFor();
      await screenshot(page, `message-templates-${theme}`);
    }
    await ctx.close();

    // The real-estate sub-tab belongs to the real-estate demo company.
    const realty = await newContext(browser);
    const rp = await realty.newPage();
    await signIn(rp, 'admin@realty.example.com');
    const realtyId = Number((await apiCall<{ company: string }>({ token: await apiToken('admin@realty.example.com'), path: '/api/me' })).json.company.split('/').pop());
    for (const theme of ['dark', 'light'] as const) {
      await rp.evaluate((t) => localStorage.setItem('theme', t), theme);
      await rp.goto(`/companies/${realtyId}/automated_messages`);
      expect(await rp.getByTestId('automated-messages-tab-automotive').count()).toBe(0);
      await rp.getByTestId('automated-messages-tab-real_estate').click();
      await rp.getByTestId('real-estate-messages-edit').click();
      await screenshot(rp, `automated-messages-real-estate-${theme}`);
    }
    await realty.close();
  });
});
