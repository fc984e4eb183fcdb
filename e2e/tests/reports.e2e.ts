import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServer } from '../support/server';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The mail drop's messages (DATA_DIR/mail/*.eml of the e2e server) addressed to `to`. */
function mailsTo(to: string): string[] {
  const dir = path.join(currentServer().dataDir, 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return []; // no mail sent yet: the drop's folder appears with the first one
  }
  return names.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(to));
}

describe('reports (issue 19)', () => {
  it('creates a recurring report on the screen, runs its slot, mails the PDF and downloads it from the list', async () => {
    const recipient = `e2e-reports-${Date.now()}@example.com`;
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'admin@motors.example.com');
    await page.goto('/reports');
    await page.getByTestId('reports-page').waitFor();
    await page.getByTestId('report-new').click();
    await page.getByTestId('report-create-page').waitFor();

    // Recurring (the default), usage and response time, last 7 days, Mondays and Thursdays at 07:00.
    await page.getByTestId('report-kind-usage_and_response_time').check();
    await page.getByTestId('report-period-last_7_days').click();
    await page.getByTestId('report-weekday-thursday').click();
    expect(await page.getByTestId('report-schedule-words').textContent()).toContain('Mondays and Thursdays at 07:00');
    expect(await page.getByTestId('report-resolved-days').textContent()).toMatch(/days: 7/);
    // A bad address is refused on its field; a good one becomes a chip.
    const recipients = page.getByTestId('report-recipients-input');
    await recipients.fill('not-an-address');
    await recipients.press('Enter');
    await page.getByText('This is not a valid e-mail address.').waitFor();
    await recipients.fill(`${recipient},`);
    await page.getByTestId('report-recipient-chip').filter({ hasText: recipient }).waitFor();
    await screenshot(page, 'reports-new');
    await page.getByTestId('report-submit').click();

    // Back on the list with the new recurring report, its schedule in words and its next run.
    await page.waitForURL((url) => url.pathname === '/reports');
    // The recurring report itself (its generated runs are listed under "All" too, newest first).
    const row = page.locator('[data-testid="report-row"][data-type="recurring"]').filter({ hasText: recipient });
    await row.waitFor();
    expect(await row.getByTestId('report-schedule').textContent()).toContain('Mondays and Thursdays at 07:00');
    expect(await row.getByTestId('report-next-run').textContent()).toMatch(/07:00/);
    expect(await row.getByTestId('report-status').getAttribute('data-status')).toBe('active');

    // Its slot, reached through the test clock: the sweeper runs as at the report's next run (Monday or Thursday 07:00
    // in the company's time zone), which makes the generated run and mails it to the recipients.
    const admin = await apiToken('admin@motors.example.com');
    const list = await apiCall<{ member: { type: string; recipients: string[]; nextRunAt: string | null }[] }>({
      token: admin,
      path: '/api/reports?type=recurring&pagination=false',
    });
    const created = list.json.member.find((r) => r.recipients.includes(recipient));
    expect(created?.nextRunAt).toBeTruthy();
    const swept = await apiCall<{ made: number }>({
      token: await apiToken('superadmin@example.com'),
      method: 'POST',
      path: '/api/test/reports/sweep',
      body: { now: created!.nextRunAt },
    });
    expect(swept.status).toBe(200);
    expect(swept.json.made).toBeGreaterThanOrEqual(1);
    await row.getByTestId('report-runs-toggle').click();
    await row.getByTestId('report-runs').waitFor({ timeout: 15_000 });
    const run = row.getByTestId('report-run-row').first();
    // The run moves pending → generating → ready through live events (no reload).
    await waitUntil(async () => (await run.getByTestId('report-status').getAttribute('data-status')) === 'ready', 'the run is ready', 60_000, 500);
    await screenshot(page, 'reports-list');

    // The mail with the PDF (and the workbook) attached is in the mail drop.
    await waitUntil(async () => mailsTo(recipient).length > 0, 'the report mail in the mail drop', 60_000, 500);
    const mail = mailsTo(recipient)[0]!;
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(mail).toMatch(/filename="?[^"\r\n]+\.pdf/i);
    expect(mail).toMatch(/spreadsheetml/i);

    // The PDF downloads from the list through the authenticated fetch.
    const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('report-download-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/^report-usage_and_response_time-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await ctx.close();
  }, 180_000);

  it('tells a plain agent that reports are for company admins', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'agent@motors.example.com');
    await page.goto('/reports');
    await page.getByTestId('reports-error').waitFor();
    expect(await page.getByTestId('reports-error').textContent()).toContain('company admins');
    await ctx.close();
  }, 60_000);
});
