import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface TJob {
  name: string;
  kind: 'system' | 'report';
  enabled: boolean;
  lastRun: { outcome: string } | null;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

describe('scheduled jobs (issue 20)', () => {
  it('a super admin runs a scheduled job now and sees the run in its history', async () => {
    const token = await apiToken('superadmin@example.com');
    const jobs = await apiCall<{ member: TJob[] }>({ token, path: '/api/cron_jobs' });
    expect(jobs.status).toBe(200);
    const idle = jobs.json.member.filter((j) => j.kind === 'system' && j.enabled && j.lastRun?.outcome !== 'running');
    // The analytics rollup is harmless to run again; any idle system job does if it is not registered.
    const job = idle.find((j) => j.name.includes('analytics')) ?? idle[0];
    expect(job, 'an idle, enabled system job').toBeTruthy();
    const before = await apiCall<{ member: { id: number }[] }>({ token, path: `/api/cron_jobs/${encodeURIComponent(job!.name)}/runs` });

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'superadmin@example.com');
    await page.goto('/management/cron_jobs');
    const row = page.locator(`[data-testid="cron-job-row"][data-job="${job!.name}"]`);
    await row.waitFor();
    expect(await page.getByTestId('cron-job-row').count()).toBeGreaterThanOrEqual(5);
    expect(await row.getByTestId('cron-job-schedule').textContent()).toMatch(/\S+ · \S+/);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await row.waitFor();
      await screenshot(page, `cron-jobs-${theme}`);
    }

    // Run now asks first; cancelling sends nothing.
    await row.getByTestId('cron-job-run').click();
    await page.getByTestId('cron-run-dialog').waitFor();
    await screenshot(page, 'cron-jobs-run-confirm-dark');
    await page.getByTestId('cron-run-confirm').click();
    await page.getByTestId('cron-run-dialog').waitFor({ state: 'detached' });

    // The history opens with the manual run on top, and its outcome arrives by a live event (or a reload).
    await row.getByTestId('cron-job-history').click();
    await page.waitForURL((url) => url.searchParams.get('job') === job!.name);
    const runs = await apiCall<{ member: { id: number; trigger: string }[] }>({ token, path: `/api/cron_jobs/${encodeURIComponent(job!.name)}/runs` });
    const manual = runs.json.member.find((r) => r.trigger === 'manual' && !before.json.member.some((b) => b.id === r.id));
    expect(manual, 'the manual run is recorded').toBeTruthy();
    const runRow = page.locator(`[data-testid="cron-run-row"][data-run-id="${manual!.id}"]`);
    await runRow.waitFor({ timeout: 15_000 });
    expect(await runRow.textContent()).toContain('Run now');
    const finished = runRow.locator('[data-testid="cron-run-outcome"]:not([data-outcome="running"])');
    try {
      await finished.waitFor({ timeout: 20_000 });
    } catch {
      await page.reload();
      await finished.waitFor({ timeout: 20_000 });
    }
    expect(await finished.getAttribute('data-outcome')).toBe('succeeded');
    await screenshot(page, 'cron-jobs-history-dark');
    await setTheme(page, 'light');
    await runRow.waitFor();
    await screenshot(page, 'cron-jobs-history-light');
    await ctx.close();
  });
});
