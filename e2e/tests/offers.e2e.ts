import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { chooseTheme, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

/** Demo Realty's agent: ROLE_OFFERS (offers, interests) and ROLE_COMMUNICATION (the customer picker, the simulator). */
const AGENT = 'agent@realty.example.com';
/** Demo Realty's marketing user (ROLE_MARKETING): the marketing lists. */
const MARKETER = 'marketing@realty.example.com';

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36).slice(-6);
/** Two customers with recorded marketing consent, plus one without (left out of the audience, with the reason). */
const members: { id: number; name: string }[] = [];
let withoutConsent: { id: number; name: string };

/** A +1 555 number (no strict-state area code, so no marketing window defers the send whatever the hour). */
const phone = () => `+1555${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

async function createCustomer(firstName: string): Promise<{ id: number; name: string }> {
  const lastName = `Offer${stamp}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await apiCall<{ id: number }>({ token, method: 'POST', path: '/api/customers', body: { phone: phone(), firstName, lastName } });
    if (res.status === 201) return { id: res.json.id, name: `${firstName} ${lastName}` };
  }
  throw new Error('could not create a customer');
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(AGENT);
  for (const first of ['Maya', 'Noah']) {
    const c = await createCustomer(first);
    const consent = await apiCall({
      token,
      method: 'POST',
      path: `/api/customers/${c.id}/marketing_consent`,
      body: { source: 'web_form', wording: 'Yes, text me new listings and offers. Reply STOP to opt out.' },
    });
    expect(consent.status).toBe(201);
    members.push(c);
  }
  withoutConsent = await createCustomer('Quinn');
});
afterAll(() => browser?.close());

async function addMember(page: Page, customer: { id: number; name: string }) {
  const input = page.getByTestId('interest-add-member');
  await input.fill(customer.name);
  await page.getByTestId(`interest-customer-option-${customer.id}`).click();
  await page.getByTestId(`interest-member-${customer.id}`).waitFor();
}

/** What the customer's simulated phone received (agent messages only). */
async function phoneTexts(customerId: number): Promise<string[]> {
  const res = await apiCall<{ customerId: number; messages: { content: string | null; sender: string }[] }[]>({ token, path: '/api/simulator/conversations' });
  expect(res.status).toBe(200);
  const conv = res.json.find((c) => c.customerId === customerId);
  return (conv?.messages ?? []).filter((m) => m.sender !== 'customer').map((m) => m.content ?? '');
}

describe('offers', () => {
  it('sends an offer to an interest: audience size first, a confirmation, each member gets it once, results count it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, AGENT);

    // The category and its members.
    const interestName = `Lofts ${stamp}`;
    await page.goto('/interests');
    await page.getByTestId('interests-page').waitFor();
    await page.getByTestId('interest-new').click();
    await page.getByTestId('interest-name').fill(interestName);
    await page.getByTestId('interest-description').fill('Buyers asking about downtown lofts.');
    await page.getByTestId('interest-submit').click();
    await page.getByTestId('interest-dialog').waitFor({ state: 'hidden' });
    for (const m of [...members, withoutConsent]) await addMember(page, m);
    await expect(page.getByTestId('interest-member-count').textContent()).resolves.toBe('3 customers');
    await screenshot(page, 'offers-interests-dark');

    // The offer: composed, reviewed (2 of 3: one has no consent), confirmed, sent.
    const message = `Demo Realty: loft open house Sat 10-2 (${stamp}). Reply for details, STOP to opt out.`;
    await page.goto('/offers');
    await page.getByTestId('offers-page').waitFor();
    await page.getByTestId('offer-new').click();
    const composer = page.getByTestId('offer-composer');
    await composer.getByTestId('offer-name').fill(`Loft weekend ${stamp}`);
    await composer.getByTestId('offer-message').fill(message);
    await expect(composer.getByTestId('offer-message-count').textContent()).resolves.toContain('1 SMS');
    await composer.getByTestId('offer-audience-interests').fill(interestName);
    await page.getByRole('option', { name: new RegExp(interestName) }).click();
    await composer.getByTestId('offer-audience-preview').waitFor();
    await screenshot(page, 'offers-composer-dark');
    await composer.getByTestId('offer-review').click();

    const size = composer.getByTestId('offer-audience-size');
    await size.waitFor();
    await expect(composer.getByTestId('offer-audience-eligible').textContent()).resolves.toBe('2');
    await expect(composer.getByTestId('offer-excluded-noMarketingConsent').textContent()).resolves.toContain('1 left out: no marketing consent');
    await screenshot(page, 'offers-review-dark');
    await composer.getByTestId('offer-send-now').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.textContent()).resolves.toContain('goes to 2 customers now');
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await composer.waitFor({ state: 'hidden' });

    // Each member's phone got the offer exactly once; the one without consent got nothing.
    await waitUntil(
      async () => (await Promise.all(members.map((m) => phoneTexts(m.id)))).every((texts) => texts.includes(message)),
      'the offer on both phones',
    );
    for (const m of members) expect((await phoneTexts(m.id)).filter((t) => t === message)).toHaveLength(1);
    expect(await phoneTexts(withoutConsent.id)).not.toContain(message);

    // The results on the offers list (live, or on the next refetch).
    const list = await apiCall<{ member: { id: number; name: string }[] }>({ token, path: '/api/offers' });
    const offerId = list.json.member.find((o) => o.name === `Loft weekend ${stamp}`)!.id;
    const sent = page.getByTestId(`offer-results-${offerId}-sent`);
    await waitUntil(
      async () => {
        if ((await sent.count()) > 0 && (await sent.getAttribute('data-value')) === '2') return true;
        await page.reload();
        await page.getByTestId('offers-page').waitFor();
        return false;
      },
      'results show sent 2',
      30_000,
      1_000,
    );
    await screenshot(page, 'offers-list-dark');
    await context.close();

    // Light theme: the same screens a marketing user and the agent look at.
    const light = await newContext(browser);
    await chooseTheme(light, 'light');
    const lightPage = await light.newPage();
    await signIn(lightPage, MARKETER);
    await lightPage.goto('/marketing/offers');
    const row = lightPage.getByTestId(`marketing-offer-${offerId}`);
    await row.waitFor();
    await expect(lightPage.getByTestId(`marketing-offer-${offerId}-sent`).textContent()).resolves.toBe('2');
    await screenshot(lightPage, 'marketing-offers-light');
    // A lead left on the public landing page appears on the open leads list without a reload (live update).
    const opened = liveStreamOpened(lightPage);
    await lightPage.goto('/marketing/leads');
    await lightPage.getByTestId('marketing-leads-page').waitFor();
    await opened;
    await lightPage.locator('[data-testid^="lead-"], [data-testid="leads-empty"]').first().waitFor();
    const landing = await apiCall({ method: 'POST', path: '/api/public/lead-pages/demo-realty/leads', body: { phone: phone(), marketingConsent: true } });
    expect(landing.status).toBeLessThan(300);
    const marketerToken = await apiToken(MARKETER);
    const newest = await apiCall<{ member: { id: number; source: string }[] }>({ token: marketerToken, path: '/api/marketing/leads?itemsPerPage=1' });
    const leadId = newest.json.member[0]!.id;
    expect(newest.json.member[0]!.source).toBe('landing_page');
    await lightPage.getByTestId(`lead-${leadId}`).waitFor({ timeout: 15_000 });
    await screenshot(lightPage, 'marketing-leads-light');
    await light.close();

    const agentLight = await newContext(browser);
    await chooseTheme(agentLight, 'light');
    const agentPage = await agentLight.newPage();
    await signIn(agentPage, AGENT);
    await agentPage.goto('/offers');
    await agentPage.getByTestId(`offer-${offerId}`).waitFor();
    await screenshot(agentPage, 'offers-list-light');
    await agentPage.goto(`/communication/${members[0]!.id}/details`);
    const consent = agentPage.getByTestId('marketing-consent-section');
    await consent.waitFor();
    await expect(agentPage.getByTestId('marketing-consent-state').getAttribute('data-active')).resolves.toBe('true');
    await consent.scrollIntoViewIfNeeded();
    await screenshot(agentPage, 'offers-customer-consent-light');
    await agentLight.close();
  }, 180_000);
});
