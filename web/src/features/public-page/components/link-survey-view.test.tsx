import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TPublicSurveyPage } from '@cd/contracts/customer-link';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PublicLinkPage } from './public-link-page';

const CODE = 'AbCdEfGh2345';

const surveyPage = (over: Partial<TPublicSurveyPage> = {}): TPublicSurveyPage => ({
  purpose: 'survey',
  company: { name: 'Acme Motors', logoUrl: null, accentColor: '#1565c0', language: 'en', termsOfService: null },
  repairOrder: { number: 'RO-1042', vehicle: { make: 'Toyota', model: 'Corolla', year: 2019 } },
  texts: { question: null, sendButton: null, afterPositive: null, afterNegative: null },
  positiveQuestions: [{ id: 'p1', question: 'What did you like most?', answerType: 'choice', answers: ['Speed', 'Staff'] }],
  negativeQuestions: [
    { id: 'n1', question: 'What went wrong?', answerType: 'choice', answers: ['Waiting time', 'Price'] },
    { id: 'n2', question: 'How can we do better?', answerType: 'text', answers: [] },
  ],
  reviewLinks: [
    { site: 'google', url: 'https://g.page/r/acme/review' },
    { site: 'facebook', url: 'https://facebook.com/acme/reviews' },
  ],
  answeredAt: null,
  answer: null,
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

type THandler = (init: RequestInit) => Response | Promise<Response>;

/** A fake server: the GET answers the current page, the POST answers with `onAnswer`; every call is recorded. */
function serve(options: { page: TPublicSurveyPage; onAnswer?: THandler }) {
  const calls: { url: string; init: RequestInit }[] = [];
  let current = options.page;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    if ((init.method ?? 'GET') === 'GET') return json(200, current);
    const body = JSON.parse(String(init.body)) as { action: string };
    if (body.action === 'review_click') return new Response(null, { status: 204 });
    const res = await (options.onAnswer ?? (() => json(200, current)))(init);
    return res;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    answers: () => calls.filter((c) => c.init.method === 'POST').map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>),
    setPage: (p: TPublicSurveyPage) => (current = p),
  };
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/r/${CODE}`]}>
        <Routes>
          <Route path="/r/:code" element={<PublicLinkPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public survey page', () => {
  it('asks first, shows the branch questions after the choice, and sends the answer', async () => {
    const server = serve({ page: surveyPage(), onAnswer: () => json(200, surveyPage({ answeredAt: '2026-11-24T10:00:00Z', answer: false })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'How was your visit?' })).toBeTruthy();
    expect(screen.getByTestId('link-page-order').textContent).toContain('RO-1042');
    expect(screen.queryByTestId('survey-send')).toBeNull();

    fireEvent.click(screen.getByTestId('survey-choice-positive'));
    expect(screen.getByTestId('survey-question-p1')).toBeTruthy();
    expect(screen.queryByTestId('survey-question-n1')).toBeNull();

    // Changing the mind before sending shows the other branch.
    fireEvent.click(screen.getByTestId('survey-choice-negative'));
    expect(screen.getByTestId('survey-choice-negative').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('survey-question-p1')).toBeNull();
    fireEvent.click(within(screen.getByTestId('survey-question-n1')).getByRole('radio', { name: 'Waiting time' }));
    fireEvent.change(screen.getByTestId('survey-question-n2-input'), { target: { value: 'Call me first' } });
    fireEvent.change(screen.getByTestId('survey-comment'), { target: { value: 'Waited two hours.' } });
    expect(screen.getByTestId('survey-comment-count').textContent).toBe('17 / 2000');
    fireEvent.click(screen.getByTestId('survey-send'));

    const thanks = await screen.findByTestId('survey-thanks');
    expect(server.answers()).toEqual([
      {
        action: 'answer',
        answer: false,
        answers: [
          { questionId: 'n1', answer: 'Waiting time' },
          { questionId: 'n2', answer: 'Call me first' },
        ],
        comment: 'Waited two hours.',
      },
    ]);
    // The negative branch promises the follow-up and still offers the review links (no review gating).
    expect(thanks.textContent).toContain('A manager will contact you shortly.');
    expect(screen.getByTestId('survey-review-google').getAttribute('href')).toBe('https://g.page/r/acme/review');
    expect(screen.getByTestId('survey-review-facebook')).toBeTruthy();
    expect(screen.queryByTestId('survey-review-yelp')).toBeNull();
  });

  it('records a review click without blocking the link', async () => {
    const server = serve({
      page: surveyPage({
        answeredAt: '2026-11-24T10:00:00Z',
        answer: true,
        texts: { question: null, sendButton: null, afterPositive: 'Thanks, see you soon!', afterNegative: null },
      }),
    });
    renderPage();
    expect((await screen.findByTestId('survey-thanks')).textContent).toContain('Thanks, see you soon!');
    const link = screen.getByTestId('survey-review-google');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(link);
    await waitFor(() => expect(server.answers()).toEqual([{ action: 'review_click', site: 'google' }]));
    expect(server.calls.find((c) => c.init.method === 'POST')?.init.keepalive).toBe(true);
  });

  it('keeps what was typed when sending fails, and shows the thanks on a second answer', async () => {
    let attempt = 0;
    const server = serve({
      page: surveyPage({ texts: { question: 'How did we do?', sendButton: 'Send feedback', afterPositive: null, afterNegative: null } }),
      onAnswer: () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        server.setPage(surveyPage({ answeredAt: '2026-11-24T10:00:00Z', answer: true }));
        return json(409, { status: 409, detail: 'survey_already_answered' });
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'How did we do?' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('survey-choice-positive'));
    fireEvent.change(screen.getByTestId('survey-comment'), { target: { value: 'Friendly staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect((await screen.findByTestId('survey-error')).getAttribute('data-error')).toBe('survey_page_send_failed');
    expect((screen.getByTestId('survey-comment') as HTMLTextAreaElement).value).toBe('Friendly staff');
    expect(screen.getByTestId('survey-choice-positive').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('survey-send'));
    expect(await screen.findByTestId('survey-thanks')).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((c) => (c.init.method ?? 'GET') === 'GET')).toHaveLength(2));
  });
});
