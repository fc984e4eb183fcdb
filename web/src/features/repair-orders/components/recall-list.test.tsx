import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../lib/i18n';
import { RecallNotice } from './recall-list';

afterEach(cleanup);

describe('RecallNotice', () => {
  it('says plainly when the recall check could not be made', () => {
    render(<RecallNotice data={{ available: false, reason: 'timeout' }} />);
    expect(screen.getByTestId('vehicle-recalls-unavailable').textContent).toBe('Recall check unavailable right now');
  });

  it('lists open recalls and shows nothing when there are none', () => {
    const recall = { campaignNumber: '24V123', component: 'BRAKES', summary: 'Pads may wear early', consequence: null, remedy: null, reportedAt: null };
    const { rerender } = render(<RecallNotice data={{ available: true, checkedAt: '2026-11-20T10:00:00Z', recalls: [recall] }} />);
    expect(screen.getByTestId('vehicle-recalls').textContent).toContain('24V123 · BRAKES');
    rerender(<RecallNotice data={{ available: true, checkedAt: '2026-11-20T10:00:00Z', recalls: [] }} />);
    expect(screen.queryByTestId('vehicle-recalls')).toBeNull();
    expect(screen.queryByTestId('vehicle-recalls-unavailable')).toBeNull();
  });
});
