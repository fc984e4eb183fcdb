import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { chooseTheme, expectPath, launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
let token: string;
let seq = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken('admin@motors.example.com');
});
afterAll(() => browser?.close());

/** A kept customer and a duplicate with two messages and a group of its own; names unique to this run. */
async function seedPair(label: string) {
  const tag = `${Date.now().toString(36)}${seq++}`;
  const phone = () => `+1555${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const create = async (body: Record<string, unknown>) => {
    const res = await apiCall<{ id: number }>({ token, method: 'POST', path: '/api/customers', body: { phone: phone(), ...body } });
    expect(res.status).toBe(201);
    return res.json.id;
  };
  const keptId = await create({ firstName: 'Morgan', lastName: `Kept${label}${tag}`, tags: ['service'] });
  const duplicateId = await create({ firstName: 'Morgan', lastName: `Dup${label}${tag}`, email: `morgan.${tag}@example.com`, tags: ['vip'] });
  for (const content of ['Is my truck ready?', 'Calling you back later']) {
    expect((await apiCall({ token, method: 'POST', path: '/api/messages', body: { customerId: duplicateId, content } })).status).toBe(201);
  }
  expect((await apiCall({ token, method: 'POST', path: '/api/customer_groups', body: { name: `Merge ${tag}`, customers: [duplicateId] } })).status).toBe(201);
  return { keptId, duplicateId, duplicateName: `Dup${label}${tag}` };
}

describe('customer merge dialog', () => {
  for (const [width, height] of [
    [1280, 860],
    [390, 800],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width} px ${theme}: pick the duplicate, preview, confirm, follow the kept customer`, async () => {
        const pair = await seedPair(`${width}${theme}`);
        const ctx = await newContext(browser, { width, height });
        await chooseTheme(ctx, theme);
        const page = await ctx.newPage();
        await signIn(page, 'admin@motors.example.com');
        await page.goto(`/communication/${pair.keptId}/messenger`);
        await page.getByTestId('messenger-thread').waitFor();

        // Keyboard: the menu opens from the more-actions button and the item is chosen with Enter.
        await page.getByTestId('customer-more').focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('customer-merge').waitFor();
        await page.keyboard.press('Enter');
        const dialog = page.getByTestId('merge-dialog');
        await dialog.waitFor();
        // The search field has focus; the kept customer itself is never offered.
        await page.keyboard.type('Morgan');
        await page.getByTestId(`merge-option-${pair.duplicateId}`).waitFor();
        expect(await page.getByTestId(`merge-option-${pair.keptId}`).count()).toBe(0);
        await page.getByTestId('merge-search').fill(pair.duplicateName);
        await page.getByTestId(`merge-option-${pair.duplicateId}`).click();

        await page.getByTestId('merge-preview').waitFor();
        expect(await page.getByTestId('merge_moves_messages').textContent()).toMatch(/\b2\b/);
        expect(await page.getByTestId('merge_moves_groups').textContent()).toMatch(/\b1\b/);
        expect(await page.getByTestId('merge-field-email').textContent()).toContain('@example.com');
        expect(await page.getByTestId('merge-field-tags').textContent()).toContain('service, vip');
        // Nothing happens until the deletion is acknowledged.
        expect(await page.getByTestId('merge-confirm').isDisabled()).toBe(true);
        await page.getByTestId('merge-acknowledge').click();
        await screenshot(page, `customer-merge-preview-${width}-${theme}`);
        expect((await apiCall({ token, path: `/api/customers/${pair.duplicateId}` })).status).toBe(200);

        await page.getByTestId('merge-confirm').click();
        await dialog.waitFor({ state: 'detached' });
        await expectPath(page, `/communication/${pair.keptId}/messenger`);
        await page.locator('[data-direction="OUTBOUND"]', { hasText: 'Is my truck ready?' }).waitFor();
        await screenshot(page, `customer-merge-after-${width}-${theme}`);
        expect((await apiCall({ token, path: `/api/customers/${pair.duplicateId}` })).status).toBe(404);
        const kept = await apiCall<{ email: string; tags: string[]; groups: string[] }>({ token, path: `/api/customers/${pair.keptId}` });
        expect(kept.json.email).toContain('@example.com');
        expect(kept.json.tags.sort()).toEqual(['service', 'vip']);
        await ctx.close();
      });
    }
  }

  it('shows the preview error in the dialog and recovers with Retry', async () => {
    const pair = await seedPair('err');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    let fail = true;
    await page.route('**/merge_preview**', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ title: 'x', detail: 'Try again later.', description: 'Try again later.', status: 503 }) }) : route.continue(),
    );
    await page.goto(`/communication/${pair.keptId}/messenger`);
    await page.getByTestId('customer-more').click();
    await page.getByTestId('customer-merge').click();
    await page.getByTestId('merge-search').fill(pair.duplicateName);
    await page.getByTestId(`merge-option-${pair.duplicateId}`).click();
    await page.getByTestId('merge-preview-error').getByText('Try again later.').waitFor();
    expect(await page.getByTestId('merge-confirm').isDisabled()).toBe(true);
    fail = false;
    await page.getByTestId('merge-preview-error').getByRole('button').click();
    await page.getByTestId('merge-preview').waitFor();
    // The Retry button is gone with the error: Escape is pressed where a person's focus would be, inside the dialog.
    await page.getByTestId('merge-search').focus();
    await page.keyboard.press('Escape');
    await page.getByTestId('merge-dialog').waitFor({ state: 'detached' });
    expect((await apiCall({ token, path: `/api/customers/${pair.duplicateId}` })).status).toBe(200);
    await ctx.close();
  });
});
