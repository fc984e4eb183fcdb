import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import type { TOffer, TOfferAudienceSize } from '@cd/contracts/offers';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { OfferReview } from './offer-review';

const offer: TOffer = {
  '@id': '/api/offers/7',
  '@type': 'Offer',
  id: 7,
  name: 'Loft weekend',
  message: 'Open house Saturday.',
  audience: { interestIds: ['/api/interests/3'], tagIds: [], groupIds: [] },
  image: null,
  imageUrl: null,
  status: 'draft',
  scheduledAt: null,
  sentAt: null,
  failureReason: null,
  createdBy: null,
  results: { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0 },
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
};

const size: TOfferAudienceSize = { total: 3, eligible: 2, deferred: 0, excluded: { noMarketingConsent: 1, optedOut: 0, dailyCap: 0 } };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

/** Answers by path; records every call. */
function serve(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url: String(url), method: init.method ?? 'GET' });
      return answer(String(url), init);
    }),
  );
  return calls;
}

function renderReview(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dialog open>
        <OfferReview offer={offer} onBack={vi.fn()} onDone={onDone} />
      </Dialog>
    </QueryClientProvider>,
  );
  return onDone;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('offer review', () => {
  it('shows who gets it and who is left out, and sends only after a confirmation stating the count', async () => {
    const calls = serve((url) => (url.includes('send_immediately') ? json(200, { ...offer, status: 'sending' }) : json(200, size)));
    const onDone = renderReview();
    await waitFor(() => expect(screen.getByTestId('offer-audience-eligible').textContent).toBe('2'));
    expect(screen.getByTestId('offer-excluded-noMarketingConsent').textContent).toContain('1 left out: no marketing consent');

    fireEvent.click(screen.getByTestId('offer-send-now'));
    expect(calls.some((c) => c.url.includes('send_immediately'))).toBe(false);
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('goes to 2 customers now');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.includes('/api/offers/7/send_immediately') && c.method === 'POST')).toHaveLength(1);
  }, 20_000);

  it('says the offer was not sent, with the reason, when the server refuses', async () => {
    serve((url) =>
      url.includes('send_immediately')
        ? json(409, { title: 'Conflict', detail: 'No customer in this audience may receive marketing texts.', status: 409 })
        : json(200, size),
    );
    const onDone = renderReview();
    await waitFor(() => expect(screen.getByTestId('offer-audience-eligible').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('offer-send-now'));
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    const alert = await screen.findByTestId('offer-not-sent');
    expect(alert.textContent).toContain('The offer was not sent');
    expect(alert.textContent).toContain('No customer in this audience may receive marketing texts.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cannot send to nobody', async () => {
    serve(() => json(200, { ...size, eligible: 0, excluded: { noMarketingConsent: 3, optedOut: 0, dailyCap: 0 } }));
    renderReview();
    await waitFor(() => expect(screen.getByTestId('offer-audience-eligible').textContent).toBe('0'));
    expect((screen.getByTestId('offer-send-now') as HTMLButtonElement).disabled).toBe(true);
  });
});
