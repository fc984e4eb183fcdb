import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TPublicChargeResult, TPublicPaymentPage } from '@cd/contracts/payments';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PublicPaymentView } from './public-payment-view';

const CODE = 'AbCdEfGh2345';
const receipt = {
  invoice: 'RO-1042',
  amountCents: 21548,
  paidAt: '2026-11-28T10:00:00Z',
  cardBrand: 'visa' as const,
  cardLast4: '2224',
  reference: 'T-88',
  emailedTo: null,
};

const payable = (over: Partial<TPublicPaymentPage> = {}): TPublicPaymentPage => ({
  company: { name: 'Acme Motors', logoUrl: null, accentColor: null, language: 'en', termsOfService: null },
  state: 'payable',
  invoice: 'RO-1042',
  billTo: 'Pat Doe',
  lines: [{ name: 'Front brake pads', unitPriceCents: 18950, quantity: 1, taxCents: 1598, totalCents: 20548 }],
  subtotalCents: 18950,
  taxCents: 1598,
  amountCents: 21548,
  cardForm: { kind: 'simulator' },
  receipt: null,
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
type TCharge = { paymentKey: string; idempotencyKey: string; email?: string };

/** A fake server: GET the page, POST card-token (a new key per card), POST charge answered by `onCharge`. */
function serve(onCharge: (body: TCharge, n: number) => Response | Promise<Response>) {
  let page = payable();
  const tokens: Record<string, unknown>[] = [];
  const charges: TCharge[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, page);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (url.endsWith('/card-token')) {
        tokens.push(body);
        return json(200, { paymentKey: `pk-${tokens.length}`, cardBrand: 'visa', cardLast4: String(body.number).slice(-4) });
      }
      charges.push(body as TCharge);
      return onCharge(body as TCharge, charges.length);
    }),
  );
  return { tokens, charges, setPage: (p: TPublicPaymentPage) => (page = p) };
}

const result = (over: Partial<TPublicChargeResult>): TPublicChargeResult => ({
  outcome: 'approved',
  declineReason: null,
  errorCode: null,
  receipt: null,
  ...over,
});

function fillCard(number: string) {
  fireEvent.change(screen.getByTestId('card-number'), { target: { value: number } });
  fireEvent.change(screen.getByTestId('card-expiry'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
}

function renderView() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PublicPaymentView code={CODE} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public payment page', () => {
  it('shows what is owed and checks the card before sending anything', async () => {
    const server = serve(() => json(200, result({})));
    renderView();
    expect((await screen.findByTestId('payment-amount-due')).textContent).toContain('$215.48');
    expect(screen.getByTestId('payment-line').textContent).toContain('Front brake pads');
    fireEvent.change(screen.getByTestId('card-number'), { target: { value: '4000100011112225' } });
    fireEvent.click(screen.getByTestId('payment-pay'));
    expect(await screen.findByText('This card number is not valid. Check the digits.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date.')).toBeTruthy();
    expect(server.tokens).toHaveLength(0);
    expect(server.charges).toHaveLength(0);
  });

  it('a double tap charges once; a decline says why, and "try again" is a new attempt with a new key', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = serve(async (_body, n) => {
      if (n === 1) {
        await gate;
        return json(200, result({ outcome: 'declined', declineReason: 'insufficient_funds', errorCode: '10251' }));
      }
      server.setPage(payable({ state: 'paid', cardForm: null, receipt }));
      return json(200, result({ receipt }));
    });
    renderView();
    await screen.findByTestId('payment-card-form');
    fillCard('4000 3006 1111 2224');
    const pay = screen.getByTestId('payment-pay');
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(server.charges).toHaveLength(1));
    release();
    expect((await screen.findByTestId('payment-declined')).textContent).toContain('There is not enough money on this card. Try another card.');
    expect(server.tokens).toHaveLength(1);

    fireEvent.click(screen.getByTestId('payment-try-again'));
    // The card number and code are cleared for another card; the expiry stays.
    expect((screen.getByTestId('card-number') as HTMLInputElement).value).toBe('');
    fillCard('4000 1000 1111 2224');
    fireEvent.click(screen.getByTestId('payment-pay'));
    expect((await screen.findByTestId('payment-receipt')).textContent).toContain('Visa •••• 2224');
    expect(server.charges).toHaveLength(2);
    expect(server.charges[1]!.idempotencyKey).not.toBe(server.charges[0]!.idempotencyKey);
    expect(server.charges[1]!.paymentKey).toBe('pk-2');
    // The card went to the tokenise step only.
    expect(JSON.stringify(server.charges)).not.toContain('4000100011112224');
  });

  it('after a lost answer, the next tap resends the same keys (never a second charge)', async () => {
    const server = serve((_body, n) => {
      if (n === 1) return json(503, { title: 'Service Unavailable' });
      server.setPage(payable({ state: 'paid', cardForm: null, receipt }));
      return json(200, result({ receipt }));
    });
    renderView();
    await screen.findByTestId('payment-card-form');
    fillCard('4000 1000 1111 2224');
    fireEvent.change(screen.getByTestId('card-email'), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByTestId('payment-pay'));
    expect((await screen.findByTestId('payment-error')).textContent).toContain('The connection was lost');
    fireEvent.click(screen.getByTestId('payment-pay'));
    await screen.findByTestId('payment-receipt');
    expect(server.charges).toHaveLength(2);
    expect(server.charges[1]).toEqual(server.charges[0]);
    expect(server.charges[0]!.email).toBe('pat@example.com');
    expect(server.tokens).toHaveLength(1);
  });

  it('says so when the request is expired, cancelled or already paid', async () => {
    const server = serve(() => json(200, result({})));
    server.setPage(payable({ state: 'expired', cardForm: null }));
    renderView();
    expect((await screen.findByTestId('payment-expired')).textContent).toContain('This payment link has expired');
    expect(screen.queryByTestId('payment-card-form')).toBeNull();
    cleanup();
    server.setPage(payable({ state: 'paid', cardForm: null, receipt }));
    renderView();
    expect((await screen.findByTestId('payment-receipt')).textContent).toContain('T-88');
  });
});
