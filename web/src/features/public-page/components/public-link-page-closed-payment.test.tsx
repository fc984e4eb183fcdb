import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PublicLinkPage } from './public-link-page';

/**
 * A revoked or expired link answers 410 on the link page: the payment page (handed in by the app) is tried, so a
 * cancelled payment request says "cancelled"; anything else falls back to the generic "link expired".
 */
const problem = (status: number) =>
  new Response(JSON.stringify({ status, detail: 'link_expired' }), { status, headers: { 'content-type': 'application/problem+json' } });

const seen: { code: string; hasFallback: boolean }[] = [];
function FakePayment({ code, fallback }: { code: string; fallback?: ReactNode }) {
  seen.push({ code, hasFallback: fallback !== undefined });
  return <div data-testid="payment-view">{fallback}</div>;
}

function open(status: number, withPayment: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => problem(status)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/r/AbCdEfGh2345']}>
        <Routes>
          <Route path="/r/:code" element={<PublicLinkPage Payment={withPayment ? FakePayment : undefined} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  seen.length = 0;
});

describe('a closed link', { timeout: 20_000 }, () => {
  it('410: the payment page is asked, with the generic answer as its fallback', async () => {
    open(410, true);
    expect(await screen.findByTestId('payment-view', {}, { timeout: 5000 })).toBeTruthy();
    expect(seen.at(-1)).toEqual({ code: 'AbCdEfGh2345', hasFallback: true });
    expect(screen.getByTestId('link-page-error').getAttribute('data-error')).toBe('link_expired');
  });

  it('404: the generic answer only', async () => {
    open(404, true);
    expect((await screen.findByTestId('link-page-error', {}, { timeout: 5000 })).getAttribute('data-error')).toBe('link_not_found');
    expect(screen.queryByTestId('payment-view')).toBeNull();
  });

  it('410 without a payment page: the generic answer', async () => {
    open(410, false);
    expect((await screen.findByTestId('link-page-error', {}, { timeout: 5000 })).getAttribute('data-error')).toBe('link_expired');
  });
});
