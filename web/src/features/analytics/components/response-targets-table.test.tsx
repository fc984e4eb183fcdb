import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TResponseTargets } from '@cd/contracts/analytics';
import '../../../lib/i18n';
import { busyMetrics } from '../lib/fixtures';
import { AnalyticsSummary } from './analytics-summary';
import { ResponseTargetsTable } from './response-targets-table';

const stats = (waits: number, warned: number, breached: number, metTarget: number, withinTargetShare: number | null) => ({
  waits,
  warned,
  breached,
  metTarget,
  withinTargetShare,
});
const targets: TResponseTargets = {
  ...stats(4, 2, 1, 2, 2 / 3),
  perAgent: [
    { userId: 3, name: 'Ann Agent', ...stats(2, 1, 0, 2, 1) },
    { userId: null, name: '', ...stats(2, 1, 1, 0, 0) },
  ],
  perChannel: [{ channel: 'whatsapp', ...stats(4, 2, 1, 2, 2 / 3) }],
};

afterEach(cleanup);

describe('response-time targets in analytics', () => {
  it('lists owners (the unowned row in words) and channels with their figures', () => {
    render(<ResponseTargetsTable targets={targets} />);
    const rows = screen.getAllByTestId('analytics-targets-row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Ann Agent', '2', '1', '0', '100%'],
      ['Unassigned', '2', '1', '1', '0%'],
      ['WhatsApp', '4', '2', '1', '67%'],
    ]);
  });

  it('adds the within-target tile to the summary only when a wait had a target', () => {
    render(<AnalyticsSummary metrics={busyMetrics({ responseTargets: targets })} />);
    expect(screen.getByTestId('analytics-within-target').textContent).toBe('67%');
    expect(screen.getByText('1 breached · 2 warned · 4 with a target')).toBeTruthy();
    cleanup();
    render(<AnalyticsSummary metrics={busyMetrics({ responseTargets: { ...stats(0, 0, 0, 0, null), perAgent: [], perChannel: [] } })} />);
    expect(screen.queryByTestId('analytics-within-target')).toBeNull();
  });
});
