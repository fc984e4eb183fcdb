import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TPublicLeadPage } from '@cd/contracts/leads';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { LeadLandingPage } from './lead-landing-page';

const PAGE: TPublicLeadPage = {
  name: 'Acme Realty',
  slug: 'acme-realty',
  accentColor: null,
  logoMobileUrl: null,
  heroMobileUrl: null,
  termsOfService: null,
  texts: {
    beforePhoneInputText: 'Leave your number',
    submitPhoneNumberButtonText: 'Text me',
    phoneNumberSubmittedText: 'We will text you soon.',
    beforeManualPropertyUrl: null,
    afterManualPropertyUrl: null,
    optInviteMessage: 'Yes, text me offers.',
  },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(post: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if ((init.method ?? 'GET') === 'GET' && url.pathname === '/api/public/lead-pages/acme-realty') return json(200, PAGE);
      if (init.method === 'POST' && url.pathname === '/api/public/lead-pages/acme-realty/leads') {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return post(body);
      }
      return json(404, { detail: 'not_found' });
    }),
  );
  return bodies;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/l/:slug" element={<LeadLandingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lead landing page', () => {
  it('sends the phone, the prefilled listing link and the unticked consent, then shows the submitted text', async () => {
    const bodies = serve(() => json(201, { ok: true, message: 'We will text you soon.' }));
    renderAt('/l/acme-realty?listing=https://homes.example/1');
    expect(await screen.findByText('Leave your number')).toBeTruthy();
    expect(screen.getByText('Yes, text me offers.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lead-phone'), { target: { value: '(202) 555-0187' } });
    fireEvent.click(screen.getByText('Text me'));
    expect(await screen.findByTestId('lead-page-done')).toBeTruthy();
    expect(screen.getByText('We will text you soon.')).toBeTruthy();
    expect(bodies).toEqual([{ phone: '+12025550187', listingUrl: 'https://homes.example/1', marketingConsent: false }]);
  });

  it('asks for the phone first, sends consent only when ticked, and shows a rate limit', async () => {
    const bodies = serve(() => json(429, { status: 429, detail: 'Too many submissions.' }));
    renderAt('/l/acme-realty');
    fireEvent.click(await screen.findByText('Text me'));
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByTestId('lead-phone'), { target: { value: '+38761123456' } });
    fireEvent.click(screen.getByTestId('lead-consent'));
    fireEvent.click(screen.getByText('Text me'));
    expect(await screen.findByTestId('lead-page-form-error')).toBeTruthy();
    expect(bodies).toEqual([{ phone: '+38761123456', marketingConsent: true }]);
  });

  it('says so when the page does not exist', async () => {
    serve(() => json(500, {}));
    renderAt('/l/nobody');
    expect(await screen.findByTestId('lead-page-error')).toBeTruthy();
  });
});
