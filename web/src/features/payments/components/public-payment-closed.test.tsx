import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TPublicPaymentPage } from '@cd/contracts/payments';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PublicPaymentView } from './public-payment-view';

/** A cancelled request's revoked link: the link page answered 410, the payment page still says "cancelled". */
const page = (state: TPublicPaymentPage['state']): TPublicPaymentPage => ({
  company: { name: 'Acme Motors', logoUrl: null, accentColor: null, language: 'en', termsOfService: null },
  state,
  invoice: 'RO-7',
  billTo: 'Pat Doe',
  lines: [{ name: 'Oil change', unitPriceCents: 5000, quantity: 1, taxCents: 0, totalCents: 5000 }],
  subtotalCents: 5000,
  taxCents: 0,
  amountCents: 5000,
  cardForm: null,
  receipt: null,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const problem = (status: number) =>
  new Response(JSON.stringify({ status, detail: 'link_not_found' }), { status, headers: { 'content-type': 'application/problem+json' } });

function show(answer: () => Response, fallback?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PublicPaymentView code="AbCdEfGh2345" fallback={fallback === undefined ? undefined : <div data-testid="fallback">{fallback}</div>} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a closed payment link', { timeout: 20_000 }, () => {
  it('shows "cancelled" (not "expired") for a cancelled request, with what it was for and no card form', async () => {
    show(() => json(200, page('cancelled')), 'generic');
    expect(await screen.findByTestId('payment-cancelled', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('This payment request was cancelled')).toBeTruthy();
    expect(screen.queryByTestId('payment-expired')).toBeNull();
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.queryByTestId('card-number')).toBeNull();
  });

  it('shows "expired" for an expired one', async () => {
    show(() => json(200, page('expired')), 'generic');
    expect(await screen.findByTestId('payment-expired', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('hands back to the link page’s own answer when the code is no payment link', async () => {
    show(() => problem(404), 'This link has expired.');
    expect((await screen.findByTestId('fallback', {}, { timeout: 5000 })).textContent).toBe('This link has expired.');
  });

  it('without a fallback, says the link was not found', async () => {
    show(() => problem(404));
    expect((await screen.findByTestId('payment-page-error', {}, { timeout: 5000 })).getAttribute('data-error')).toBe('link_not_found');
  });
});
