import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TSurveySummary } from '@cd/contracts/survey';
import type { TMe } from '@cd/contracts/user';
import { CurrentUserContext } from '../../../lib/current-user';
import '../../../lib/i18n';
import { CustomerSurveyStrip } from './customer-survey-strip';

afterEach(cleanup);

const summary: TSurveySummary = {
  '@id': '/api/surveys/4',
  id: 4,
  state: 'completed',
  sentAt: '2026-11-10T15:00:00.000Z',
  answer: false,
  comment: 'Too slow',
  answeredAt: '2026-11-10T16:00:00.000Z',
  resolvedAt: null,
};

function renderStrip(survey: TSurveySummary | null, roles: string[]) {
  render(
    <CurrentUserContext.Provider value={{ roles } as unknown as TMe}>
      <MemoryRouter>
        <CustomerSurveyStrip survey={survey} />
      </MemoryRouter>
    </CurrentUserContext.Provider>,
  );
}

describe('CustomerSurveyStrip', () => {
  it('shows a negative unresolved result and its comment, linking admins to the unresolved surveys', () => {
    renderStrip(summary, ['ROLE_COMPANY_ADMIN']);
    expect(screen.getByTestId('customer-survey-strip').textContent).toBe('Survey: negative · unresolved — “Too slow”');
    expect(screen.getByTestId('customer-survey-link').getAttribute('href')).toBe('/surveys?filter=unresolved');
  });

  it('is plain text for other users and absent when nothing was sent', () => {
    renderStrip({ ...summary, answer: true, comment: null }, ['ROLE_USER']);
    expect(screen.getByTestId('customer-survey-strip').textContent).toBe('Survey: positive');
    expect(screen.queryByTestId('customer-survey-link')).toBeNull();
    cleanup();
    renderStrip({ ...summary, state: 'planned', sentAt: null, answer: null }, ['ROLE_COMPANY_ADMIN']);
    expect(screen.queryByTestId('customer-survey-strip')).toBeNull();
  });
});
