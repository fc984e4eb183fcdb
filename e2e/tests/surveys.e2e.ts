import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { baseUrl, launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;
let admin: string;
let companyId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin@motors.example.com');
  const me = await apiCall<{ company: string }>({ token: admin, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  // What this test relies on, whatever the demo data says: a survey two days after close, questions and review links.
  const patched = await apiCall({
    token: admin,
    method: 'PATCH',
    path: `/api/companies/${companyId}`,
    body: {
      surveySettings: {
        daysAfter: 2,
        sendAtHour: 9,
        text: 'Thanks for visiting Demo Motors! How did we do? {survey_url}',
        negativeResponseQuestions: [{ id: 'e2e-n1', question: 'What went wrong?', answerType: 'choice', answers: ['Waiting time', 'Price', 'Quality'] }],
        positiveResponseQuestions: [{ id: 'e2e-p1', question: 'What did you like?', answerType: 'choice', answers: ['Speed', 'Staff'] }],
      },
      customerView: {
        surveyGoogleReviewLink: 'https://g.page/r/demo-motors/review',
        surveyYelpReviewLink: 'https://www.yelp.com/writeareview/biz/demo-motors',
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.json)).toBe(200);
});
afterAll(() => browser?.close());

/** A customer with a closed order whose survey is planned two days out, then sent now (the "Send now" action). */
async function surveyLinkForNewCustomer(name: string): Promise<{ customerId: number; surveyId: number; code: string }> {
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const customer = await apiCall<{ id: number }>({
    token: admin,
    method: 'POST',
    path: '/api/customers',
    body: { firstName: name, lastName: 'Surveyed', phone },
  });
  expect(customer.status).toBe(201);
  const order = await apiCall<{ id: number }>({
    token: admin,
    method: 'POST',
    path: '/api/repair_orders',
    body: { customer: customer.json.id, number: `E2E-S-${String(Date.now()).slice(-7)}`, title: 'Oil change', price: 4999 },
  });
  expect(order.status).toBe(201);
  const closed = await apiCall<{ survey: string | null }>({ token: admin, method: 'PUT', path: `/api/repair_orders/${order.json.id}/close`, body: {} });
  expect(closed.status).toBe(200);
  expect(closed.json.survey).toMatch(/^\/api\/surveys\/\d+$/);
  const surveyId = Number(closed.json.survey!.split('/').pop());
  const messages = await apiCall<{ member: { id: number; kind: string; state: string }[] }>({
    token: admin,
    path: `/api/automated_messages?entity=survey&entityId=${surveyId}`,
  });
  const planned = messages.json.member.find((m) => m.kind === 'survey')!;
  expect(planned.state).toBe('planned');
  // No clock games: the product's own "send now" moves the planned text to now and the worker sends it.
  expect((await apiCall({ token: admin, method: 'PUT', path: `/api/automated_messages/${planned.id}/send_now`, body: {} })).status).toBe(200);
  let code = '';
  await waitUntil(async () => {
    const thread = await apiCall<{ member: { content: string | null }[] }>({ token: admin, path: `/api/messages?customer=${customer.json.id}` });
    const text = thread.json.member.find((m) => (m.content ?? '').includes('How did we do?'));
    code = /\/r\/([1-9A-HJ-NP-Za-km-z]+)/.exec(text?.content ?? '')?.[1] ?? '';
    return code !== '';
  }, 'the survey text in the thread');
  return { customerId: customer.json.id, surveyId, code };
}

describe('surveys: the customer answers on a phone, the admin follows up live', () => {
  it('a negative answer with a comment shows up live as unresolved on /surveys and is resolved there', async () => {
    const { surveyId, code } = await surveyLinkForNewCustomer('Nora');

    // The admin's dashboard is open before the customer answers: the answer must arrive live.
    const desk = await newContext(browser, { width: 1440, height: 900 });
    const deskPage = await desk.newPage();
    await signIn(deskPage, 'admin@motors.example.com');
    await deskPage.goto('/surveys?filter=unresolved');
    await deskPage.getByTestId('surveys-page').waitFor({ timeout: 15_000 });

    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phone = await phoneCtx.newPage();
    await phone.goto(`/r/${code}`);
    await phone.getByTestId('survey-page').waitFor({ timeout: 15_000 });
    await screenshot(phone, 'survey-page-phone-question');
    await phone.getByTestId('survey-choice-negative').click();
    await phone.getByTestId('survey-question-e2e-n1').getByRole('radio', { name: 'Waiting time' }).check();
    await phone.getByTestId('survey-comment').fill('I waited two hours past the promised time.');
    await screenshot(phone, 'survey-page-phone-negative');
    await phone.getByTestId('survey-send').click();
    await phone.getByTestId('survey-thanks').waitFor({ timeout: 15_000 });
    // No review gating: the review links are offered after a negative answer too.
    await phone.getByTestId('survey-review-google').waitFor();
    await phone.getByTestId('survey-review-yelp').waitFor();
    await screenshot(phone, 'survey-page-phone-thanks-negative');
    // Reopening the link shows the thanks again, not the question.
    await phone.reload();
    await phone.getByTestId('survey-thanks').waitFor({ timeout: 15_000 });
    await phoneCtx.close();

    const row = deskPage.getByTestId(`survey-row-${surveyId}`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('I waited two hours past the promised time.');
    await screenshot(deskPage, 'surveys-dashboard-unresolved');
    await deskPage.getByTestId(`survey-resolve-${surveyId}`).click();
    await deskPage.getByTestId('survey-resolve-note').fill('Called Nora, apologised and offered a free oil change.');
    await deskPage.getByTestId('survey-resolve-confirm').click();
    await waitUntil(async () => {
      const survey = await apiCall<{ resolvedAt: string | null; resolutionNote: string | null }>({ token: admin, path: `/api/surveys/${surveyId}` });
      return survey.json.resolvedAt !== null && survey.json.resolutionNote === 'Called Nora, apologised and offered a free oil change.';
    }, 'the survey resolved');
    await expect.poll(() => deskPage.getByTestId(`survey-resolve-${surveyId}`).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(deskPage, 'surveys-dashboard-resolved');
    await desk.close();
  });

  it('a positive answer is offered the same review links', async () => {
    const { code } = await surveyLinkForNewCustomer('Pia');
    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const phone = await phoneCtx.newPage();
    await phone.goto(`/r/${code}`);
    await phone.getByTestId('survey-choice-positive').click();
    await phone.getByTestId('survey-send').click();
    await phone.getByTestId('survey-thanks').waitFor({ timeout: 15_000 });
    await phone.getByTestId('survey-review-google').waitFor();
    await phone.getByTestId('survey-review-yelp').waitFor();
    await screenshot(phone, 'survey-page-phone-thanks-positive-dark');
    await phoneCtx.close();
  });
});
