import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TResponseTargetStats } from '@cd/contracts/analytics';
import '../../../lib/i18n';
import { ResponseTargetCard } from './response-target-card';

const stats = (over: Partial<TResponseTargetStats> = {}): TResponseTargetStats => ({
  waits: 0,
  warned: 0,
  breached: 0,
  metTarget: 0,
  withinTargetShare: null,
  ...over,
});

function renderCard(today: TResponseTargetStats, lastWeek: TResponseTargetStats) {
  render(
    <MemoryRouter>
      <ResponseTargetCard today={today} lastWeek={lastWeek} weekday="Friday" />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('ResponseTargetCard', () => {
  it('shows the share answered in time and today’s breaches against last week', () => {
    renderCard(stats({ waits: 8, warned: 3, breached: 2, metTarget: 6, withinTargetShare: 0.75 }), stats({ waits: 5, breached: 1, withinTargetShare: 0.8 }));
    expect(screen.getByTestId('dashboard-within-target').textContent).toBe('75%');
    expect(screen.getByText('Last Friday: 80%')).toBeTruthy();
    expect(screen.getByTestId('dashboard-warnings').textContent).toBe('3');
    // Twice last week's breaches: up 100 %, and up is bad here.
    expect(screen.getByTestId('dashboard-breaches-change').textContent).toBe('+100%');
    expect(screen.getByTestId('dashboard-response-target-link').getAttribute('href')).toBe('/analytics?period=today');
  });

  it('says so when no conversation had a target today', () => {
    renderCard(stats(), stats({ waits: 2, breached: 2, withinTargetShare: 0 }));
    expect(screen.getByTestId('dashboard-within-target').textContent).toBe('—');
    expect(screen.getByTestId('dashboard-response-target-empty')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-breaches')).toBeNull();
  });
});
