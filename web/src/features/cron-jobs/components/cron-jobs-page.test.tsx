import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TCronJob, TCronRun } from '@cd/contracts/cron-jobs';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { CronJobsPage } from './cron-jobs-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function run(patch: Partial<TCronRun> & { id: number }): TCronRun {
  return {
    '@id': `/api/cron_jobs/analytics-rollup/runs/${patch.id}`,
    '@type': 'CronJobRun',
    job: 'analytics-rollup',
    trigger: 'schedule',
    slot: '2026-11-28T10:05:00Z',
    startedAt: '2026-11-28T10:05:01Z',
    finishedAt: '2026-11-28T10:05:03Z',
    durationMs: 2_400,
    outcome: 'succeeded',
    error: null,
    triggeredBy: null,
    ...patch,
  };
}

function job(patch: Partial<TCronJob> & { name: string }): TCronJob {
  return {
    '@id': `/api/cron_jobs/${patch.name}`,
    '@type': 'CronJob',
    kind: 'system',
    description: 'Rolls up yesterday’s analytics.',
    cron: '5 * * * *',
    timeZone: 'UTC',
    scheduleText: 'Every hour at minute 5',
    enabled: true,
    missedSlots: 'catch_up',
    companyId: null,
    companyName: null,
    nextRunAt: '2026-11-28T11:05:00Z',
    lastRun: run({ id: 3 }),
    ...patch,
  };
}

const rollup = job({ name: 'analytics-rollup' });
const purge = job({ name: 'log-purge', enabled: false, lastRun: run({ id: 9, job: 'log-purge', outcome: 'failed', error: 'statement timeout' }) });
const report = job({ name: 'report:12', kind: 'report', companyId: 4, companyName: 'Demo Motors', description: 'Weekly usage report', lastRun: null });

type THandler = (path: string, init: RequestInit, url: URL) => Response | undefined;
function serve(handler: THandler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://x');
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return handler(url.pathname, init, url) ?? json(404, {});
    }),
  );
  return calls;
}

function renderPage(entry = '/management/cron_jobs') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <CronJobsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = (path: string) => (path === '/api/cron_jobs' ? json(200, { member: [rollup, purge, report], totalItems: 3 }) : undefined);

describe('scheduled jobs page', { timeout: 20_000 }, () => {
  it('lists each job with its schedule, switch, last outcome, and the company of a recurring report', async () => {
    serve(list);
    renderPage();
    const rows = await screen.findAllByTestId('cron-job-row');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByTestId('cron-job-schedule').textContent).toContain('Every hour at minute 5');
    expect(first.getByTestId('cron-job-schedule').textContent).toContain('5 * * * * · UTC');
    expect(first.getByTestId('cron-run-outcome').dataset.outcome).toBe('succeeded');
    expect(first.getByTestId('cron-job-last').textContent).toContain('2.4 s');
    const second = within(rows[1]!);
    expect(second.getByTestId('cron-run-outcome').dataset.outcome).toBe('failed');
    expect(second.getByTestId('cron-job-next').textContent).toBe('Paused');
    expect(second.getByTestId('cron-job-run')).toHaveProperty('disabled', true);
    expect(within(rows[2]!).getByTestId('cron-job-company').textContent).toContain('Demo Motors');
  });

  it('filters recurring reports from the address and says so when there are none', async () => {
    serve(list);
    renderPage('/management/cron_jobs?kind=report');
    await waitFor(() => expect(screen.getAllByTestId('cron-job-row')).toHaveLength(1));
    expect(screen.getByTestId('cron-job-row').dataset.job).toBe('report:12');
    cleanup();
    serve((path) => (path === '/api/cron_jobs' ? json(200, { member: [rollup], totalItems: 1 }) : undefined));
    renderPage('/management/cron_jobs?kind=report');
    expect((await screen.findByTestId('cron-jobs-empty')).textContent).toContain('recurring report');
  });

  it('runs a job only after confirmation, and shows the server’s words when it already runs', async () => {
    let answer = 202;
    const calls = serve((path, init) => {
      if (path === '/api/cron_jobs/analytics-rollup/run' && init.method === 'POST')
        return answer === 202
          ? json(202, run({ id: 4, trigger: 'manual', outcome: 'running' }))
          : json(409, { detail: 'This job is running now; wait for it to finish.' });
      return list(path);
    });
    renderPage();
    const rows = await screen.findAllByTestId('cron-job-row');
    fireEvent.click(within(rows[0]!).getByTestId('cron-job-run'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    answer = 409;
    fireEvent.click(await screen.findByTestId('cron-run-confirm'));
    expect((await screen.findByTestId('cron-run-refused')).textContent).toContain('running now');
    answer = 202;
    fireEvent.click(screen.getByTestId('cron-run-confirm'));
    await waitFor(() => expect(screen.queryByTestId('cron-run-dialog')).toBeNull(), { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/cron_jobs/analytics-rollup/run')).toHaveLength(2);
  });

  it('flips a job’s switch with a PATCH', async () => {
    const calls = serve((path, init) => {
      if (path === '/api/cron_jobs/analytics-rollup' && init.method === 'PATCH') return json(200, { ...rollup, enabled: false });
      return list(path);
    });
    renderPage();
    const rows = await screen.findAllByTestId('cron-job-row');
    fireEvent.click(within(rows[0]!).getByTestId('cron-job-enabled'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }));
  });

  it('opens a job’s history and loads older runs through the server’s keyset link', async () => {
    const calls = serve((path, _init, url) => {
      if (path === '/api/cron_jobs/log-purge/runs') {
        if (url.searchParams.get('id[lt]')) return json(200, { member: [run({ id: 1, job: 'log-purge' })] });
        return json(200, {
          member: [run({ id: 9, job: 'log-purge', outcome: 'failed', error: 'statement timeout', trigger: 'manual', triggeredBy: 'Ops Admin' })],
          view: { next: '/api/cron_jobs/log-purge/runs?startedAt%5Bstrictly_before%5D=2026-11-28T10%3A05%3A01Z&id%5Blt%5D=9' },
        });
      }
      return list(path);
    });
    renderPage();
    const rows = await screen.findAllByTestId('cron-job-row');
    fireEvent.click(within(rows[1]!).getByTestId('cron-job-history'));
    const first = await screen.findByTestId('cron-run-row');
    expect(first.textContent).toContain('Ops Admin');
    expect(within(first).getByTestId('cron-run-error').textContent).toBe('statement timeout');
    fireEvent.click(screen.getByTestId('cron-runs-more'));
    await waitFor(() => expect(screen.getAllByTestId('cron-run-row')).toHaveLength(2));
    expect(calls.some((c) => c.url.searchParams.get('id[lt]') === '9')).toBe(true);
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    serve((path) => (path === '/api/cron_jobs' ? (fail ? json(500, {}) : json(200, { member: [rollup] })) : undefined));
    renderPage();
    const error = await screen.findByTestId('cron-jobs-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('cron-job-row')).toBeTruthy();
  });
});
