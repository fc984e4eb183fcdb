import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import type { TSurvey } from '@cd/contracts/survey';
import '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { createQueryClient } from '../../../lib/query-client';
import { OrderSurvey } from './order-survey';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const survey = (over: Partial<TSurvey>): TSurvey => ({
  '@id': '/api/surveys/9',
  '@type': 'Survey',
  id: 9,
  state: 'pending',
  message: { '@id': '/api/messages/3', sentAt: '2026-11-20T10:00:00Z' },
  resentAt: null,
  answer: null,
  answers: [],
  comment: null,
  answeredAt: null,
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
  cancelReason: null,
  customer: { '@id': '/api/customers/4', id: 4, name: 'Ana Kovač', phone: null },
  repairOrder: { '@id': '/api/repair_orders/7', id: 7, number: 'RO-7' },
  advisor: null,
  reviewClicks: { google: null, yelp: null, facebook: null },
  followUp: null,
  createdAt: '2026-11-19T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

function serve(routes: Record<string, Response>) {
  const fetch = vi.fn((url: string) => Promise.resolve(routes[url.split('?')[0]!]?.clone() ?? json(404, {})));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSurvey() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderSurvey surveyId={9} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderSurvey', () => {
  it('shows a negative answer with its answers, comment, open resolution, review clicks and follow-up task', async () => {
    serve({
      '/api/surveys/9': json(
        200,
        survey({
          state: 'completed',
          answer: false,
          answeredAt: '2026-11-21T08:00:00Z',
          answers: [{ questionId: 'q1', question: 'What went wrong?', answer: 'Waited too long' }],
          comment: 'The car was not washed.',
          reviewClicks: { google: '2026-11-21T08:05:00Z', yelp: null, facebook: null },
          followUp: {
            '@id': '/api/tasks/5',
            id: 5,
            assignee: { '@id': '/api/users/2', id: 2, name: 'Marko Marić' },
            dueAt: '2020-01-01T00:00:00Z',
            doneAt: null,
          },
        }),
      ),
    });
    renderSurvey();
    const state = await screen.findByTestId('order-survey-state');
    expect(state.textContent).toBe('Negative');
    expect(screen.getByTestId('order-survey-timeline').textContent).toBe(
      `Sent ${formatDateTime('2026-11-20T10:00:00Z')} · Answered ${formatDateTime('2026-11-21T08:00:00Z')}`,
    );
    const answers = screen.getByTestId('order-survey-answers');
    expect(within(answers).getByText('What went wrong?').tagName).toBe('DT');
    expect(within(answers).getByText('Waited too long').tagName).toBe('DD');
    expect(screen.getByTestId('order-survey-comment').textContent).toContain('“The car was not washed.”');
    expect(within(screen.getByTestId('order-survey-resolution')).getByText('Not resolved')).toBeTruthy();
    expect(screen.getByTestId('order-survey-review-clicks').textContent).toContain(`Google ${formatDateTime('2026-11-21T08:05:00Z')}`);
    const followUp = screen.getByTestId('order-survey-follow-up');
    expect(followUp.textContent).toContain('Assigned to Marko Marić');
    expect(within(followUp).getByText('Overdue')).toBeTruthy();
  });

  it('says who resolved a negative answer and what they noted', async () => {
    serve({
      '/api/surveys/9': json(
        200,
        survey({
          state: 'completed',
          answer: false,
          resolvedAt: '2026-11-22T09:00:00Z',
          resolvedBy: { '@id': '/api/users/1', id: 1, name: 'Admin Demo' },
          resolutionNote: 'Called back, free wash offered.',
        }),
      ),
    });
    renderSurvey();
    const resolution = await screen.findByTestId('order-survey-resolution');
    expect(resolution.textContent).toContain(`Resolved by Admin Demo ${formatDateTime('2026-11-22T09:00:00Z')}`);
    expect(resolution.textContent).toContain('Called back, free wash offered.');
  });

  it("tells when a planned survey goes out, from its automated message's due time", async () => {
    const planned = {
      id: 31,
      kind: 'survey',
      state: 'planned',
      dueAt: '2026-11-26T09:00:00Z',
      heldUntil: null,
      createdAt: '2026-11-24T10:00:00Z',
    } as TAutomatedMessage;
    const fetch = serve({
      '/api/surveys/9': json(200, survey({ state: 'planned', message: { '@id': null, sentAt: null } })),
      '/api/automated_messages': json(200, { member: [planned], totalItems: 1 }),
    });
    renderSurvey();
    expect((await screen.findByTestId('order-survey-state')).textContent).toBe('Planned');
    await screen.findByText(`Will be sent ${formatDateTime('2026-11-26T09:00:00Z')}`);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/automated_messages?entity=survey&entityId=9');
  });

  it('gives the reason a survey was not sent', async () => {
    serve({ '/api/surveys/9': json(200, survey({ state: 'cancelled', message: { '@id': null, sentAt: null }, cancelReason: 'survey_cancelled_reopened' })) });
    renderSurvey();
    expect((await screen.findByTestId('order-survey-state')).textContent).toBe('Not sent');
    expect(screen.getByTestId('order-survey-timeline').textContent).toBe('Not sent: the repair order was reopened.');
  });

  it('shows a quiet note to a user who may not read the survey', async () => {
    serve({ '/api/surveys/9': json(404, { detail: 'Not found' }) });
    renderSurvey();
    expect((await screen.findByTestId('order-survey-hidden')).textContent).toBe("Only company admins and the order's service advisor see this survey.");
    expect(screen.queryByTestId('order-survey-state')).toBeNull();
  });
});
