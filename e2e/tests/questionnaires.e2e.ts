import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

/** Demo Realty's agent: ROLE_REAL_ESTATE (questionnaires) and ROLE_COMMUNICATION (customers, the simulator). */
const AGENT = 'agent@realty.example.com';
const LINK = /\/r\/([1-9A-HJ-NP-Za-km-z]{10,24})/;

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36).slice(-6);
const NAME = `Open house follow-up ${stamp}`;

async function createCustomer(): Promise<{ id: number; name: string }> {
  const lastName = `Quest${stamp}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const phone = `+1555${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const res = await apiCall<{ id: number }>({ token, method: 'POST', path: '/api/customers', body: { phone, firstName: 'Lena', lastName } });
    if (res.status === 201) return { id: res.json.id, name: `Lena ${lastName}` };
  }
  throw new Error('could not create a customer');
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(AGENT);
});
afterAll(() => browser?.close());

describe('questionnaires', () => {
  it('staff build one and send it; the customer answers on the phone; staff see the answers', async () => {
    const customer = await createCustomer();
    const ctx = await newContext(browser, { width: 1440, height: 900 });
    const page = await ctx.newPage();
    await signIn(page, AGENT);
    // Light first (the builder, the list, the details); the dark theme at the end.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto('/questionnaires');
    await page.getByTestId('questionnaire-list').waitFor({ timeout: 20_000 });
    await screenshot(page, 'questionnaires-list');

    // Build: two questions, the second moved up, a choice with three options.
    await page.getByTestId('questionnaire-new').click();
    const dialog = page.getByTestId('questionnaire-dialog');
    await dialog.getByTestId('questionnaire-name').fill(NAME);
    await dialog.getByTestId('question-0-text').fill('Did you like the open house?');
    await dialog.getByTestId('question-0-kind').click();
    await page.getByTestId('kind-option-yes_no').click();
    await dialog.getByTestId('questionnaire-add-question').click();
    await dialog.getByTestId('question-1-text').fill('When do you plan to buy?');
    await dialog.getByTestId('question-1-kind').click();
    await page.getByTestId('kind-option-choice').click();
    await dialog.getByTestId('question-1-option-0').fill('Within 3 months');
    await dialog.getByTestId('question-1-option-1').fill('This year');
    await dialog.getByTestId('question-1-add-option').click();
    await dialog.getByTestId('question-1-option-2').fill('Just looking');
    await dialog.getByTestId('question-1-required').check();
    await dialog.getByTestId('question-1-up').click();
    await expect(dialog.getByTestId('question-0-text').inputValue()).resolves.toBe('When do you plan to buy?');
    await screenshot(page, 'questionnaires-builder');
    await dialog.getByTestId('questionnaire-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const list = await apiCall<{ member: { id: number; name: string; questions: { text: string; kind: string }[] }[] }>({
      token,
      path: '/api/questionnaires?pagination=false',
    });
    const created = list.json.member.find((q) => q.name === NAME)!;
    expect(created.questions.map((q) => q.kind)).toEqual(['choice', 'yes_no']);

    // Send it to the customer from the builder's list.
    const row = page.getByTestId(`questionnaire-row-${created.id}`);
    await row.getByTestId(`questionnaire-send-${created.id}`).click();
    const send = page.getByTestId('questionnaire-send-dialog');
    await send.getByTestId('questionnaire-customer').fill(customer.name);
    await page.getByTestId(`questionnaire-customer-option-${customer.id}`).click();
    await screenshot(page, 'questionnaires-send');
    await send.getByTestId('questionnaire-send-submit').click();
    await send.waitFor({ state: 'hidden' });

    // The text on the customer's (simulated) phone carries the link.
    let code = '';
    await waitUntil(async () => {
      const thread = await apiCall<{ member: { content: string | null; type: string }[] }>({ token, path: `/api/messages?customer=${customer.id}` });
      code = LINK.exec(thread.json.member.find((m) => m.type === 'QUESTIONNAIRE')?.content ?? '')?.[1] ?? '';
      return code !== '';
    }, 'the questionnaire text in the customer thread');
    await page.goto('/simulator');
    await page.getByTestId(`simulator-phone-${customer.id}`).getByText(`/r/${code}`, { exact: false }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'questionnaires-simulator-phone');

    // The customer's phone: 390 px wide, answers, thanks; opening the link again shows the thanks.
    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phone = await phoneCtx.newPage();
    await phone.goto(`/r/${code}`);
    await phone.getByTestId('questionnaire-page').waitFor({ timeout: 20_000 });
    await phone.getByTestId('questionnaire-submit-answers').click();
    await phone.getByText('Please answer this question.').waitFor();
    await screenshot(phone, 'questionnaire-phone-required', { fullPage: true });
    await phone.getByTestId('questionnaire-answer-0-option-1').check();
    await phone.getByTestId('questionnaire-answer-1-yes').click();
    await screenshot(phone, 'questionnaire-phone', { fullPage: true });
    await phone.getByTestId('questionnaire-submit-answers').click();
    await phone.getByTestId('questionnaire-thanks').waitFor({ timeout: 15_000 });
    await screenshot(phone, 'questionnaire-phone-thanks');
    await phone.reload();
    await phone.getByTestId('questionnaire-thanks').waitFor({ timeout: 15_000 });
    await phoneCtx.close();

    // The same phone page in the dark theme (a second link, not answered).
    const dark = await apiCall<{ response: { url: string } }>({
      token,
      method: 'POST',
      path: '/api/questionnaires/' + created.id + '/send',
      body: { customer: (await createCustomer()).id },
    });
    expect(dark.status).toBe(200);
    const darkCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const darkPhone = await darkCtx.newPage();
    await darkPhone.goto(new URL(dark.json.response.url).pathname);
    await darkPhone.getByTestId('questionnaire-page').waitFor({ timeout: 20_000 });
    await screenshot(darkPhone, 'questionnaire-phone-dark', { fullPage: true });
    await darkCtx.close();

    // Staff: the customer details show the answers.
    await page.goto(`/communication/${customer.id}/details`);
    const section = page.getByTestId('customer-questionnaires');
    await section.waitFor({ timeout: 20_000 });
    await section.getByText('This year').waitFor({ timeout: 20_000 });
    await expect(section.textContent()).resolves.toContain(NAME);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'questionnaires-customer-details');

    // Dark theme of the builder.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/questionnaires');
    await page.getByTestId(`questionnaire-row-${created.id}`).waitFor({ timeout: 20_000 });
    await screenshot(page, 'questionnaires-list-dark');
    await page.getByTestId(`questionnaire-edit-${created.id}`).click();
    await page.getByTestId('questionnaire-dialog').waitFor();
    await screenshot(page, 'questionnaires-builder-dark');
    await ctx.close();
  });
});
