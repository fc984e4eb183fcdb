import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { surveyFixture } from '../lib/fixtures';
import { SurveyCard } from './survey-card';

afterEach(cleanup);

function renderCard(survey: ReturnType<typeof surveyFixture>, onResolve = vi.fn()) {
  render(
    <MemoryRouter>
      <SurveyCard survey={survey} timeZone="America/Chicago" onResolve={onResolve} />
    </MemoryRouter>,
  );
  return onResolve;
}

describe('SurveyCard', () => {
  it('shows a negative unresolved answer with its answers, comment, links and a Resolve action', () => {
    const survey = surveyFixture({
      id: 41,
      answer: false,
      comment: 'Car was not washed',
      answeredAt: '2026-11-10T16:00:00.000Z',
      answers: [{ questionId: 'q1', question: 'What went wrong?', answer: 'Waiting time' }],
      reviewClicks: { google: '2026-11-10T16:05:00.000Z', yelp: null, facebook: null },
    });
    const onResolve = renderCard(survey);
    const row = screen.getByTestId('survey-row-41');
    expect(screen.getByTestId('survey-status-negative')).toBeTruthy();
    expect(screen.getByTestId('survey-status-unresolved')).toBeTruthy();
    expect(row.textContent).toContain('What went wrong?');
    expect(row.textContent).toContain('Waiting time');
    expect(screen.getByTestId('survey-comment-41').textContent).toContain('Car was not washed');
    expect(row.textContent).toContain('Google');
    // Sent 15:00Z: 9:00 AM in Chicago, the company's zone.
    expect(row.textContent).toContain('11/10/2026 9:00 AM');
    expect(screen.getByTestId('survey-customer-41').getAttribute('href')).toBe('/communication/7/messenger');
    expect(screen.getByText('#RO-1003').getAttribute('href')).toBe('/repair-orders/3');
    fireEvent.click(screen.getByTestId('survey-resolve-41'));
    expect(onResolve).toHaveBeenCalledWith(survey);
  });

  it('offers no Resolve on pending, positive or resolved surveys', () => {
    renderCard(surveyFixture({ id: 1 }));
    renderCard(surveyFixture({ id: 2, answer: true }));
    renderCard(
      surveyFixture({ id: 3, answer: false, resolvedAt: '2026-11-11T10:00:00.000Z', resolvedBy: { '@id': '/api/users/1', id: 1, name: 'Dana Admin' } }),
    );
    expect(screen.queryByTestId(/^survey-resolve-/)).toBeNull();
    expect(screen.getByTestId('survey-status-pending')).toBeTruthy();
    expect(screen.getByTestId('survey-status-resolved')).toBeTruthy();
    expect(screen.getByTestId('survey-row-3').textContent).toContain('Dana Admin');
  });
});
