import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { dashboardKeys } from '../api/query-keys';
import { DASHBOARD_REFRESH_THROTTLE_MS, handleDashboardLiveEvent } from './live';

const ev = (entity: string): TLiveEvent => ({ event: 'created', entity, action: null, data: {}, changes: null, id: '1', extra: null });

function clientWithDashboard() {
  const qc = new QueryClient();
  qc.setQueryData(dashboardKeys.summary, { x: 1 });
  qc.setQueryData(dashboardKeys.stats, { x: 1 });
  const spy = vi.spyOn(qc, 'invalidateQueries');
  return { qc, spy };
}

const figureRefreshes = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([f]) => JSON.stringify((f as { queryKey: unknown }).queryKey) === JSON.stringify(dashboardKeys.summary)).length;

afterEach(() => vi.useRealTimers());

describe('dashboard live events', () => {
  it('refreshes the figures at most once per throttle window, with a trailing refresh after a burst', () => {
    vi.useFakeTimers();
    const { qc, spy } = clientWithDashboard();
    expect(handleDashboardLiveEvent(qc, ev('message'))).toBe(true);
    expect(figureRefreshes(spy)).toBe(1);
    for (let i = 0; i < 20; i++) handleDashboardLiveEvent(qc, ev(i % 2 ? 'message' : 'customer'));
    expect(figureRefreshes(spy)).toBe(1);
    vi.advanceTimersByTime(DASHBOARD_REFRESH_THROTTLE_MS);
    expect(figureRefreshes(spy)).toBe(2);
    vi.advanceTimersByTime(DASHBOARD_REFRESH_THROTTLE_MS * 3);
    expect(figureRefreshes(spy)).toBe(2);
  });

  it('refetches the reminders on a reminder event and claims it', () => {
    const { qc, spy } = clientWithDashboard();
    expect(handleDashboardLiveEvent(qc, ev('reminder'))).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: dashboardKeys.reminders });
  });

  it('does nothing when the dashboard was never opened, and ignores other areas', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    expect(handleDashboardLiveEvent(qc, ev('message'))).toBe(true);
    expect(handleDashboardLiveEvent(qc, ev('survey'))).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
