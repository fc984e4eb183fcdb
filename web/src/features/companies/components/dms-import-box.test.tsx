import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TDmsSyncRun } from '@cd/contracts/dms-sync';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { DmsImportBox } from './dms-import-box';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const collection = (member: unknown[]) => ({ member, totalItems: member.length });

const run = (over: Partial<TDmsSyncRun>): TDmsSyncRun => ({
  '@id': '/api/dms/sync_runs/1',
  '@type': 'DmsSyncRun',
  id: 1,
  company: '/api/companies/1',
  kind: 'import',
  trigger: 'manual',
  state: 'done',
  dmsType: 'vendor_a',
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:01:00Z',
  counts: {},
  error: null,
  ...over,
});

function renderBox(enabled = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DmsImportBox companyId={1} enabled={enabled} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DmsImportBox', () => {
  it('lists the latest imports of the company with their counts and errors', async () => {
    const fetch = vi.fn((_url: string) =>
      Promise.resolve(
        json(
          200,
          collection([
            run({ id: 2, state: 'failed', counts: {}, error: 'Dealertrack did not answer within 60 s.', trigger: 'schedule' }),
            run({ id: 1, counts: { ordersRead: 5, ordersCreated: 3, ordersUpdated: 1, customersCreated: 2, vehiclesCreated: 2, skippedNoPhone: 1 } }),
          ]),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderBox();
    const failed = await screen.findByTestId('dms-run-2');
    expect(within(failed).getByTestId('dms-run-state').textContent).toBe('Failed');
    expect(within(failed).getByTestId('dms-run-error').textContent).toBe('Dealertrack did not answer within 60 s.');
    expect(within(screen.getByTestId('dms-run-1')).getByTestId('dms-run-counts').textContent).toBe(
      'Orders read: 5, new: 3, updated: 1, skipped: 1. New customers: 2, new vehicles: 2.',
    );
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/dms/sync_runs?companyId=1&kind=import');
  });

  it('is disabled with a reason while the link is off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, collection([])))),
    );
    renderBox(false);
    expect((screen.getByTestId('dms-import-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('dms-import-disabled').textContent).toBe('Switch the connection on to import repair orders.');
    await screen.findByTestId('dms-runs-empty');
  });

  it("starts an import, then says the server's refusal in words", async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return Promise.resolve(json(200, collection([])));
      return Promise.resolve(json(409, { detail: 'No connection to the dealer management system is configured on this server.', code: 'dms_not_connected' }));
    });
    vi.stubGlobal('fetch', fetch);
    renderBox();
    await screen.findByTestId('dms-runs-empty');
    fireEvent.click(screen.getByTestId('dms-import-button'));
    expect((await screen.findByTestId('dms-import-error')).textContent).toContain('This server has no login for this dealer system yet');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/dms/sync');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ companyId: 1 });
  });

  it('shows a started run and polls the list until it ends', async () => {
    let state: TDmsSyncRun['state'] = 'running';
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return Promise.resolve(json(202, { run: run({ state: 'running', finishedAt: null }), alreadyRunning: false }));
      return Promise.resolve(json(200, collection(state === 'running' ? [run({ state, finishedAt: null })] : [run({ counts: { ordersCreated: 1 } })])));
    });
    vi.stubGlobal('fetch', fetch);
    renderBox();
    fireEvent.click(screen.getByTestId('dms-import-button'));
    await waitFor(() => expect(screen.getByTestId('dms-run-state').textContent).toBe('Running'));
    state = 'done';
    // The list asks again by itself while the run is in progress (every few seconds).
    await waitFor(() => expect(screen.getByTestId('dms-run-state').textContent).toBe('Finished'), { timeout: 6000 });
  }, 10_000);
});
