import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import '../../../lib/i18n';
import { cleanupScreen, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { SuggestionStatsCard } from './suggestion-stats-card';

const day = (date: string, shown: number, inserted: number, sent: number) => ({ date, shown, inserted, sent });

afterEach(cleanupScreen);

describe('SuggestionStatsCard', { timeout: 30_000 }, () => {
  it('shows the taken rate and totals of the last 30 days', async () => {
    const calls = stubFetch((u) =>
      u.pathname === '/api/suggested_replies/stats'
        ? json(200, { days: [day('2026-11-27', 6, 3, 2), day('2026-11-28', 4, 2, 1)], totals: { shown: 10, inserted: 5, sent: 3, takenRate: 0.3 } })
        : undefined,
    );
    renderScreen(<SuggestionStatsCard />, '/analytics');
    expect((await screen.findByTestId('suggestion-stats-rate', {}, { timeout: 10_000 })).textContent).toBe('30 %');
    expect(screen.getByTestId('suggestion-stats-shown').textContent).toBe('10');
    expect(screen.getByTestId('suggestion-stats-sent').textContent).toBe('3');
    expect(calls).toContain('/api/suggested_replies/stats?days=30');
  });

  it('says so when nothing was shown, and when the figures fail', async () => {
    stubFetch(() => json(200, { days: [], totals: { shown: 0, inserted: 0, sent: 0, takenRate: null } }));
    renderScreen(<SuggestionStatsCard />, '/analytics');
    await screen.findByTestId('suggestion-stats-empty', {}, { timeout: 10_000 });
    cleanupScreen();
    stubFetch(() => json(500, {}));
    renderScreen(<SuggestionStatsCard />, '/analytics');
    await screen.findByTestId('suggestion-stats-error', {}, { timeout: 10_000 });
  });
});
