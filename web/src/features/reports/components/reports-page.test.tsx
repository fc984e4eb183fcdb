import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TReport } from '@cd/contracts/reports';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { ReportsPage } from './reports-page';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function report(patch: Partial<TReport> & { id: number }): TReport {
  return {
    '@id': `/api/reports/${patch.id}`,
    '@type': 'Report',
    type: 'one_time',
    kind: 'usage_and_response_time',
    status: 'ready',
    period: null,
    schedule: null,
    recipients: [],
    filters: { userIds: [], channels: [] },
    from: '2026-11-01',
    to: '2026-11-15',
    timeZone: 'Europe/Sarajevo',
    generatedAt: '2026-11-16T06:00:00Z',
    nextRunAt: null,
    parent: null,
    attempts: 1,
    error: null,
    files: { pdf: `/api/reports/${patch.id}/pdf`, xlsx: `/api/reports/${patch.id}/xlsx` },
    createdAt: '2026-11-16T06:00:00Z',
    ...patch,
  };
}

const recurring = report({
  id: 7,
  type: 'recurring',
  status: 'active',
  period: 'last_7_days',
  schedule: { frequency: 'weekly', weekdays: ['monday', 'thursday'], time: '07:00' },
  recipients: ['boss@example.com', 'owner@example.com'],
  from: null,
  to: null,
  generatedAt: null,
  nextRunAt: '2026-11-30T06:00:00Z',
  files: { pdf: null, xlsx: null },
});
const failed = report({ id: 5, status: 'failed', error: 'SMTP refused the message', attempts: 3, files: { pdf: null, xlsx: null } });
const run = report({ id: 8, type: 'recurring_generated', parent: '/api/reports/7', period: 'last_7_days', from: '2026-11-20', to: '2026-11-26' });

type THandler = (path: string, init: RequestInit, url: URL) => Response | Promise<Response> | undefined;

function serve(handler: THandler) {
  const calls: { method: string; url: URL }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    calls.push({ method: init.method ?? 'GET', url });
    return (await handler(url.pathname, init, url)) ?? json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage(entry = '/reports') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <ReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reports page', { timeout: 20_000 }, () => {
  it('lists reports with their schedule in words, coverage, recipients and status', async () => {
    serve((path) => (path === '/api/reports' ? json(200, { member: [recurring, failed], totalItems: 2 }) : undefined));
    renderPage();
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId('report-schedule').textContent).toContain('Mondays and Thursdays at 07:00');
    expect(first.getByTestId('report-coverage').textContent).toContain('Last 7 days');
    expect(first.getByTestId('report-recipients').textContent).toContain('boss@example.com, owner@example.com');
    expect(first.getByTestId('report-next-run').textContent).toMatch(/Nov 30, 2026.*07:00/);
    expect(first.getByTestId('report-status').dataset.status).toBe('active');
    const second = within(rows[1]!);
    expect(second.getByTestId('report-status').dataset.status).toBe('failed');
    expect(second.getByTestId('report-download-pdf')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('reports-zone').textContent).toContain('Europe/Sarajevo');
  });

  it('explains reports when there are none, and offers a retry when the list fails', async () => {
    serve((path) => (path === '/api/reports' ? json(200, { member: [], totalItems: 0 }) : undefined));
    renderPage();
    expect((await screen.findByTestId('reports-empty')).textContent).toContain('PDF and an Excel file');
    cleanup();
    let fail = true;
    serve((path) => (path === '/api/reports' ? (fail ? json(500, {}) : json(200, { member: [failed], totalItems: 1 })) : undefined));
    renderPage();
    const error = await screen.findByTestId('reports-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('report-row')).toBeTruthy();
  });

  it('tells a plain agent the reports are for company admins', async () => {
    serve((path) => (path === '/api/reports' ? json(403, { detail: 'Only company admins see analytics and reports.' }) : undefined));
    renderPage();
    expect((await screen.findByTestId('reports-error')).textContent).toContain('for company admins');
  });

  it('filters by tab and loads the next page through the server’s keyset link', async () => {
    const calls = serve((path, _init, url) => {
      if (path !== '/api/reports') return undefined;
      if (url.searchParams.get('id[lt]')) return json(200, { member: [failed], totalItems: 2 });
      return json(200, { member: [recurring], totalItems: 2, view: { next: '/api/reports?type=recurring&id[lt]=7' } });
    });
    renderPage('/reports?type=recurring');
    await screen.findByTestId('report-row');
    expect(calls[0]!.url.searchParams.get('type')).toBe('recurring');
    expect(calls[0]!.url.searchParams.get('itemsPerPage')).toBe('30');
    fireEvent.click(screen.getByTestId('reports-more'));
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(2));
    expect(calls[1]!.url.searchParams.get('id[lt]')).toBe('7');
  });

  it('opens a recurring report’s runs and downloads a run’s PDF with the bearer', async () => {
    localStorage.setItem('token', 'tok');
    onTestFinished(() => localStorage.removeItem('token'));
    const calls = serve((path, init, url) => {
      if (path === '/api/reports' && url.searchParams.get('parent') === '/api/reports/7') return json(200, { member: [run], totalItems: 1 });
      if (path === '/api/reports') return json(200, { member: [recurring], totalItems: 1 });
      if (path === '/api/reports/8/pdf') {
        expect(new Headers(init.headers).get('Accept')).toBe('application/pdf');
        return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });
      }
      return undefined;
    });
    const created = vi.fn((_b: Blob | MediaSource) => 'blob:x');
    // jsdom has no object URLs: saving the blob goes through these two.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    onTestFinished(() => void Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke }));
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    fireEvent.click(await screen.findByTestId('report-runs-toggle'));
    const runRow = await screen.findByTestId('report-run-row');
    expect(calls.some((c) => c.url.searchParams.get('type') === 'recurring_generated')).toBe(true);
    fireEvent.click(within(runRow).getByTestId('report-download-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect(within(runRow).queryByTestId('report-run')).toBeNull();
  });

  it('runs a report now and deletes one after confirmation', async () => {
    const calls = serve((path, init) => {
      if (path === '/api/reports') return json(200, { member: [failed], totalItems: 1 });
      if (path === '/api/reports/5/run' && init.method === 'POST') return json(202, { ...failed, status: 'pending' });
      if (path === '/api/reports/5' && init.method === 'DELETE') return json(204, null);
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('report-run'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/reports/5/run')).toBe(true));
    fireEvent.click(screen.getByTestId('report-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/reports/5')).toBe(true));
  });
});
