import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TPublicQuestionnairePage } from '@cd/contracts/questionnaires';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PublicQuestionnaireView } from './public-questionnaire-view';

const CODE = 'AbCdEfGh2345';

const page = (over: Partial<TPublicQuestionnairePage> = {}): TPublicQuestionnairePage => ({
  company: { name: 'Lakeside Realty', logoUrl: null, accentColor: null, language: 'en', termsOfService: null },
  name: 'Buyer intake',
  questions: [
    { id: 'q1', text: 'How many bedrooms?', kind: 'number', options: [], required: true },
    { id: 'q2', text: 'Which area?', kind: 'choice', options: ['Downtown', 'Lakeside'], required: true },
    { id: 'q3', text: 'Pre-approved?', kind: 'yes_no', options: [], required: false },
    { id: 'q4', text: 'Anything else?', kind: 'text', options: [], required: false },
  ],
  answeredAt: null,
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function serve(opts: { get: () => Response; post?: (body: unknown) => Response }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return opts.get();
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return opts.post!(body);
    }),
  );
  return posts;
}

const renderView = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PublicQuestionnaireView code={CODE} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public questionnaire page', () => {
  it('checks required answers on the phone, sends every answer once and shows the thanks', async () => {
    const posts = serve({ get: () => json(200, page()), post: () => json(200, page({ answeredAt: '2026-01-01T10:00:00Z' })) });
    renderView();
    await screen.findByText('Buyer intake');
    fireEvent.click(screen.getByTestId('questionnaire-submit-answers'));
    expect(await screen.findAllByText('Please answer this question.')).toHaveLength(2);
    expect(posts).toHaveLength(0);

    fireEvent.change(screen.getByTestId('questionnaire-answer-0'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('questionnaire-answer-1-option-1'));
    fireEvent.click(screen.getByTestId('questionnaire-answer-2-yes'));
    fireEvent.click(screen.getByTestId('questionnaire-submit-answers'));
    await screen.findByTestId('questionnaire-thanks');
    expect(posts).toEqual([
      {
        answers: [
          { questionId: 'q1', value: 3 },
          { questionId: 'q2', value: 'Lakeside' },
          { questionId: 'q3', value: true },
          { questionId: 'q4', value: null },
        ],
      },
    ]);
  }, 30_000);

  it('shows the thanks for an answered questionnaire and the expired state for a 410', async () => {
    serve({ get: () => json(200, page({ answeredAt: '2026-01-01T10:00:00Z' })) });
    renderView();
    await screen.findByTestId('questionnaire-thanks');
    cleanup();
    vi.unstubAllGlobals();
    serve({ get: () => json(410, { status: 410, detail: 'link_expired' }) });
    renderView();
    // The page asks once more before giving up (retry: 1).
    await waitFor(() => expect(screen.getByTestId('questionnaire-page-error').getAttribute('data-error')).toBe('link_expired'), { timeout: 8000 });
  }, 30_000);

  it('refuses a number that is not one', async () => {
    const posts = serve({ get: () => json(200, page()) });
    renderView();
    await screen.findByText('Buyer intake');
    fireEvent.change(screen.getByTestId('questionnaire-answer-0'), { target: { value: 'three' } });
    fireEvent.click(screen.getByTestId('questionnaire-answer-1-option-0'));
    fireEvent.click(screen.getByTestId('questionnaire-submit-answers'));
    expect(await screen.findByText('Enter a number.')).toBeTruthy();
    expect(posts).toHaveLength(0);
  }, 30_000);
});
