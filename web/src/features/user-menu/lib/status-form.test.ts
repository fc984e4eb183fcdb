import { describe, expect, it } from 'vitest';
import { backAtFor, isStatusUnchanged, scheduledReturn, statusFieldOf, statusFormFromState, toAwayState } from './status-form';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const online = { status: 'ONLINE' as const, backAt: null, awayText: null, transferToUserId: null };

describe('status form', () => {
  it('starts from the current state', () => {
    expect(statusFormFromState(online)).toEqual({ status: 'ONLINE', beBackIn: '', awayText: '', transferToUserId: '' });
    expect(statusFormFromState({ status: 'AWAY', backAt: null, awayText: 'Lunch', transferToUserId: null })).toEqual({
      status: 'AWAY',
      beBackIn: '-1',
      awayText: 'Lunch',
      transferToUserId: '',
    });
    expect(statusFormFromState({ status: 'AWAY_WITH_TRANSFER', backAt: '2026-03-01T10:30:00.000Z', awayText: null, transferToUserId: 7 })).toEqual({
      status: 'AWAY_WITH_TRANSFER',
      beBackIn: '',
      awayText: '',
      transferToUserId: '7',
    });
  });

  it('knows when nothing changed', () => {
    const away = statusFormFromState({ status: 'AWAY', backAt: null, awayText: 'Lunch', transferToUserId: null });
    expect(isStatusUnchanged(away, { ...away, awayText: ' Lunch ' })).toBe(true);
    expect(isStatusUnchanged(away, { ...away, awayText: 'Dinner' })).toBe(false);
    expect(isStatusUnchanged(away, { ...away, beBackIn: '15' })).toBe(false);
    expect(isStatusUnchanged(away, { ...away, status: 'ONLINE' })).toBe(false);
    const on = statusFormFromState(online);
    // Leftovers of a status that is not chosen do not count.
    expect(isStatusUnchanged(on, { ...on, awayText: 'typed then switched back', beBackIn: '5' })).toBe(true);
    const transfer = statusFormFromState({ status: 'AWAY_WITH_TRANSFER', backAt: null, awayText: null, transferToUserId: 7 });
    expect(isStatusUnchanged(transfer, { ...transfer, transferToUserId: '8' })).toBe(false);
    expect(isStatusUnchanged(transfer, { ...transfer, awayText: 'ignored' })).toBe(true);
  });

  it('computes backAt in UTC from be-back-in, null for unspecified', () => {
    expect(backAtFor('5', NOW)).toBe('2026-03-01T10:05:00.000Z');
    expect(backAtFor('60', NOW)).toBe('2026-03-01T11:00:00.000Z');
    expect(backAtFor('-1', NOW)).toBeNull();
    expect(backAtFor('', NOW)).toBeNull();
  });

  it('builds the awayState body: colleague as a string, nothing of the other statuses', () => {
    expect(toAwayState({ status: 'ONLINE', beBackIn: '5', awayText: 'x', transferToUserId: '3' }, NOW)).toEqual(online);
    expect(toAwayState({ status: 'AWAY', beBackIn: '10', awayText: ' Lunch ', transferToUserId: '3' }, NOW)).toEqual({
      status: 'AWAY',
      backAt: '2026-03-01T10:10:00.000Z',
      awayText: 'Lunch',
      transferToUserId: null,
    });
    expect(toAwayState({ status: 'AWAY_WITH_TRANSFER', beBackIn: '-1', awayText: 'x', transferToUserId: '3' }, NOW)).toEqual({
      status: 'AWAY_WITH_TRANSFER',
      backAt: null,
      awayText: null,
      transferToUserId: '3',
    });
  });

  it('tells a scheduled return and maps server violations to fields', () => {
    expect(scheduledReturn({ status: 'AWAY', backAt: '2026-03-01T10:30:00.000Z', awayText: 'x', transferToUserId: null })).toBe('2026-03-01T10:30:00.000Z');
    expect(scheduledReturn(online)).toBeNull();
    expect(statusFieldOf('awayState.awayText')).toBe('awayText');
    expect(statusFieldOf('awayState.backAt')).toBe('beBackIn');
    expect(statusFieldOf('awayState.transferToUserId')).toBe('transferToUserId');
    expect(statusFieldOf('firstName')).toBeNull();
  });
});
