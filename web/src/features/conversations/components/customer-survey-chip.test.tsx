import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TSurveySummary } from '@cd/contracts/survey';
import type { TMe } from '@cd/contracts/user';
import { CurrentUserContext } from '../../../lib/current-user';
import '../../../lib/i18n';
import { CustomerSurveyChip } from './customer-survey-chip';

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

function renderChip(survey: TSurveySummary | null, roles: string[]) {
  render(
    <CurrentUserContext.Provider value={{ roles } as unknown as TMe}>
      <MemoryRouter>
        <CustomerSurveyChip survey={survey} />
      </MemoryRouter>
    </CurrentUserContext.Provider>,
  );
}

describe('CustomerSurveyChip', () => {
  it('shows a negative unresolved result linking admins to the unresolved surveys', () => {
    renderChip(summary, ['ROLE_COMPANY_ADMIN']);
    const chip = screen.getByTestId('customer-survey-chip');
    expect(chip.textContent).toBe('negative · unresolved');
    expect(chip.getAttribute('aria-label')).toBe('Survey: negative · unresolved');
    expect(chip.getAttribute('href')).toBe('/surveys?filter=unresolved');
  });

  it('is plain text for other users and absent when nothing was sent', () => {
    renderChip({ ...summary, answer: true }, ['ROLE_USER']);
    expect(screen.getByTestId('customer-survey-chip').textContent).toBe('positive');
    expect(screen.getByTestId('customer-survey-chip').getAttribute('href')).toBeNull();
    cleanup();
    renderChip({ ...summary, state: 'planned', sentAt: null, answer: null }, ['ROLE_COMPANY_ADMIN']);
    expect(screen.queryByTestId('customer-survey-chip')).toBeNull();
  });
});
