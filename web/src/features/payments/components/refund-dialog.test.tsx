import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { RefundDialog } from './refund-dialog';

const sale: TPaymentTransactionDetail = {
  '@id': '/api/payment/transactions/9',
  '@type': 'PaymentTransaction',
  id: 9,
  kind: 'sale',
  method: 'card',
  status: 'approved',
  provider: 'simulator',
  amountCents: 20632,
  refundedCents: 0,
  feeCents: null,
  cardBrand: 'visa',
  cardLast4: '2224',
  paymentRequest: { '@id': '/api/payment_requests/3', id: 3, invoice: 'RO-7' },
  parent: null,
  customer: { '@id': '/api/customers/5', id: 5, name: 'Pat Doe' },
  createdBy: null,
  createdAt: '2026-11-28T10:00:00Z',
  refunds: [],
  refundableCents: 20632,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function serve(answers: Response[]) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answers.shift()!;
    }),
  );
  return bodies;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RefundDialog transaction={sale} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('refund dialog', () => {
  it('refuses more than what remains, then asks to confirm before refunding', async () => {
    const bodies = serve([json(200, { ...sale, status: 'partially_refunded' })]);
    const onClose = renderDialog();
    fireEvent.click(screen.getByTestId('refund-partial'));
    fireEvent.change(screen.getByTestId('refund-amount'), { target: { value: '206.33' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('At most $206.32 can be refunded.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(screen.getByTestId('refund-amount'), { target: { value: '6.32' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(screen.getByTestId('refund-confirm-text').textContent).toContain('$6.32 goes back to Visa •••• 2224');
    expect(bodies).toHaveLength(0);
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.amountCents).toBe(632);
    expect(bodies[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a full refund sends no amount, and a retry after a failure reuses the same key', async () => {
    const bodies = serve([json(502, { title: 'payment_provider_failed' }), json(200, { ...sale, status: 'refunded' })]);
    const onClose = renderDialog();
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByTestId('refund-error')).toBeTruthy();
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toHaveProperty('amountCents');
    expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey);
  });
});
