import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { FAKE_LISTING } from '../support/fake-listing-site';
import { waitUntil } from '../support/wait';

const AGENT = 'agent@realty.example.com';
const SUPER_ADMIN = 'superadmin@example.com';

type TKeywordRow = { id: number; name: string; status: string };
type TMessageRow = { id: number; content: string | null; direction: 'INBOUND' | 'OUTBOUND'; sender: string; channel: string };

let browser: Browser;
let agent: string;
let companyId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await apiToken(AGENT);
  const me = await apiCall<{ company: string }>({ token: agent, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  // Fresh keywords for this run: the super admin hands them out (spec part 2 §6).
  const generated = await apiCall({
    token: await apiToken(SUPER_ADMIN),
    method: 'POST',
    path: `/api/companies/${companyId}/generate_keywords`,
    body: { count: 3 },
  });
  expect(generated.status, JSON.stringify(generated.json)).toBe(201);
});
afterAll(() => browser?.close());

async function availableKeywords(): Promise<TKeywordRow[]> {
  const res = await apiCall<{ member: TKeywordRow[] }>({ token: agent, path: '/api/keywords?status=AVAILABLE&pagination=false' });
  expect(res.status).toBe(200);
  return res.json.member;
}

/** Picks a keyword in the open dialog's picker by typing it. */
async function pickKeyword(page: Page, name: string) {
  const input = page.getByTestId('listing-keyword-input');
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

async function themed(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

describe('real estate: a listing from a URL, its keyword texted from a phone, the lead live', () => {
  it('an agent creates a listing from the listing page, assigns a keyword; a customer texts it and becomes a live lead', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, AGENT);
    await themed(page, 'light');
    await page.goto('/listings');
    await page.getByTestId('listings-page').waitFor();
    await page.locator('[data-testid^="listing-row-"]').first().waitFor();
    await screenshot(page, 'listings-light');

    // Create: "Generate from URL" reads the local listing site through the server's SSRF-safe fetch.
    const [first, second] = await availableKeywords();
    expect(first && second, 'two available keywords').toBeTruthy();
    await page.getByTestId('listing-new').click();
    const url = `${inject('listingSite')}/homes/${FAKE_LISTING.slug}`;
    await page.getByTestId('listing-url').fill(url);
    await page.getByTestId('listing-generate').click();
    await page.getByTestId('listing-generate-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('listing-name').inputValue()).toBe(FAKE_LISTING.name);
    expect(await page.getByTestId('listing-price').inputValue()).toBe(`${FAKE_LISTING.priceDollars}.00`);
    await pickKeyword(page, first!.name);
    await screenshot(page, 'listing-form-generated-light');
    await page.getByTestId('listing-submit').click();
    await page
      .getByTestId('listing-dialog')
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(async (e: unknown) => {
        await screenshot(page, 'listing-form-failure');
        throw e;
      });

    // The new listing opens in its drawer; then it gets another keyword through "Assign keyword".
    const drawer = page.getByTestId('listing-drawer');
    await drawer.getByTestId('listing-drawer-keyword').getByText(first!.name).waitFor();
    const listingId = Number(new URL(page.url()).searchParams.get('listing'));
    expect(listingId).toBeGreaterThan(0);
    await drawer.getByTestId('listing-drawer-assign-keyword').click();
    await pickKeyword(page, second!.name);
    await page.getByTestId('listing-action-submit').click();
    await drawer.getByTestId('listing-drawer-keyword').getByText(second!.name).waitFor();
    await drawer.getByTestId('listing-interests-empty').waitFor();
    const keywords = await apiCall<{ member: TKeywordRow[] }>({ token: agent, path: `/api/keywords?pagination=false&name=${first!.name}` });
    expect(keywords.json.member.find((k) => k.id === first!.id)?.status, 'the first keyword is free again').toBe('AVAILABLE');

    // The customer: a phone on the built-in simulator channel, known to the company.
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const customer = await apiCall<{ id: number }>({
      token: agent,
      method: 'POST',
      path: '/api/customers',
      body: { firstName: 'Casey', lastName: 'Buyer', phone, preferredChannel: 'simulator' },
    });
    expect(customer.status, JSON.stringify(customer.json)).toBe(201);
    const hello = await apiCall({
      token: agent,
      method: 'POST',
      path: '/api/messages',
      body: { customerId: customer.json.id, content: 'Hi Casey, this is Demo Realty.', channel: 'simulator' },
    });
    expect(hello.status, JSON.stringify(hello.json)).toBeLessThan(300);

    // The phone simulator in its own browser profile (the app keeps one live tab per profile).
    const phoneContext = await newContext(browser);
    const phonePage = await phoneContext.newPage();
    await signIn(phonePage, 'admin@realty.example.com');
    await phonePage.goto('/simulator');
    const handset = phonePage.getByTestId(`simulator-phone-${customer.json.id}`);
    await handset.waitFor({ timeout: 20_000 });
    await phonePage.getByTestId(`simulator-reply-input-${customer.json.id}`).fill(second!.name.toLowerCase());
    await phonePage.getByTestId(`simulator-reply-send-${customer.json.id}`).click();

    // The listing's reply reaches the phone (propertyInterestMessage with the listing's link).
    let reply = '';
    await waitUntil(async () => {
      const thread = await apiCall<{ member: TMessageRow[] }>({ token: agent, path: `/api/messages?customer=${customer.json.id}` });
      reply = thread.json.member.find((m) => m.direction === 'OUTBOUND' && m.sender === 'system' && m.content)?.content ?? '';
      return reply !== '';
    }, 'the listing reply in the thread');
    await phonePage.reload();
    await handset.getByText(reply.slice(0, 30), { exact: false }).first().waitFor({ timeout: 20_000 });
    await screenshot(phonePage, 'real-estate-simulator-reply');

    // The agent's open drawer shows the lead without a reload (live).
    await drawer.getByText('Casey Buyer').waitFor({ timeout: 20_000 });
    await screenshot(page, 'listing-drawer-interest-light');

    // The lead on /marketing/leads, and through the API.
    const leads = await apiCall<{ member: { id: number; customer: string; source: string }[] }>({
      token: await apiToken('marketing@realty.example.com'),
      path: `/api/marketing/leads?listing=${listingId}`,
    });
    expect(leads.status).toBe(200);
    expect(leads.json.member.some((l) => l.customer.endsWith(`/${customer.json.id}`) && l.source === 'keyword')).toBe(true);
    const marketer = await (await newContext(browser)).newPage();
    await signIn(marketer, 'marketing@realty.example.com');
    await marketer.goto('/marketing/leads');
    await marketer.getByTestId('marketing-leads-page').waitFor();
    await marketer.getByText('Casey Buyer').first().waitFor({ timeout: 20_000 });
    await screenshot(marketer, 'marketing-leads-with-keyword-lead');

    // Both themes of the listings screens.
    await themed(page, 'dark');
    await page.goto(`/listings?listing=${listingId}`);
    await page.getByTestId('listing-drawer').getByText('Casey Buyer').waitFor();
    await screenshot(page, 'listing-drawer-interest-dark');
    await page.goto('/listings');
    await page.getByTestId(`listing-row-${listingId}`).waitFor();
    await screenshot(page, 'listings-dark');
    await context.close();
    await phoneContext.close();
  }, 240_000);

  it('archiving frees the keyword; unarchiving asks for one; the archived list and keywords admin in both themes', async () => {
    const [keyword, other] = await availableKeywords();
    const created = await apiCall<{ id: number }>({
      token: agent,
      method: 'POST',
      path: '/api/listings',
      body: { name: `Archive me ${Date.now()}`, url: 'https://homes.example/archive-me', keyword: keyword!.id, priceCents: 25_000_000 },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, AGENT);
    await themed(page, 'light');
    await page.goto(`/listings?listing=${created.json.id}`);
    await page.getByTestId('listing-drawer-archive').click();
    await page.getByTestId('listing-action-submit').click();
    await page.getByTestId('listing-archive-dialog').waitFor({ state: 'detached' });
    await waitUntil(async () => (await availableKeywords()).some((k) => k.id === keyword!.id), 'the keyword freed');

    await page.goto('/archived-listings');
    await page.getByTestId(`listing-row-${created.json.id}`).waitFor();
    await screenshot(page, 'archived-listings-light');
    await page.getByTestId(`listing-unarchive-${created.json.id}`).click();
    await page.getByTestId('listing-action-submit').click();
    await page.getByText('A keyword must be picked.').waitFor();
    await pickKeyword(page, other!.name);
    await screenshot(page, 'listing-unarchive-dialog-light');
    await page.getByTestId('listing-action-submit').click();
    await page.getByTestId(`listing-row-${created.json.id}`).waitFor({ state: 'detached' });
    await themed(page, 'dark');
    await page.goto('/archived-listings');
    await page.getByTestId('archived-listings-page').waitFor();
    await screenshot(page, 'archived-listings-dark');
    await context.close();

    // Keywords admin (super admin): the realty company's keywords, a generate dialog, delete with confirmation.
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, SUPER_ADMIN);
    await themed(admin, 'light');
    await admin.goto('/keywords');
    await admin.getByTestId('keywords-page').waitFor();
    await admin.getByTestId('keywords-company').click();
    await admin.getByTestId('keywords-company').fill('Realty');
    await admin
      .getByRole('option', { name: /Realty/ })
      .first()
      .click();
    await admin.getByTestId('keywords-search').fill(other!.name);
    await admin.getByTestId(`keyword-${other!.name}`).waitFor();
    await screenshot(admin, 'keywords-light');
    await admin.getByTestId('keywords-generate').click();
    await admin.getByTestId('keywords-count').fill('2');
    await screenshot(admin, 'keywords-generate-dialog-light');
    await admin.getByTestId('keywords-generate-submit').click();
    await admin.getByTestId('keywords-generate-dialog').waitFor({ state: 'detached' });
    const free = (await availableKeywords()).at(-1)!;
    await admin.getByTestId('keywords-search').fill(free.name);
    await admin.getByTestId(`keyword-delete-${free.name}`).click();
    await admin.getByTestId('confirm-dialog-confirm').click();
    await admin.getByTestId(`keyword-${free.name}`).waitFor({ state: 'detached' });
    await themed(admin, 'dark');
    await admin.reload();
    await admin.getByTestId('keywords-company').click();
    await admin.getByTestId('keywords-company').fill('Realty');
    await admin
      .getByRole('option', { name: /Realty/ })
      .first()
      .click();
    await admin.locator('[data-testid^="keyword-"][data-status]').first().waitFor();
    await screenshot(admin, 'keywords-dark');
    await adminContext.close();
  }, 180_000);
});
