import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TAppointment } from '@cd/contracts/appointment';
import { APPOINTMENT_WRONG_STATE, APPOINTMENTS_MODULE_OFF, SLOT_NOT_AVAILABLE } from '@cd/contracts/appointment-constants';
import type { TLiveEvent } from '@cd/contracts/live';
import { createAppTheme } from '../../../lib/theme';
import { appointmentKeys } from '../api/query-keys';
import { conflictMessageKeyOf, isModuleOffError } from './appointment-errors';
import { applyAppointmentLiveEvent, mergeAppointmentIntoRange } from './appointment-cache';
import { handleAppointmentLiveEvent } from './appointment-live';
import { allowedActionsOf, assigneeOptionsOf, isAppointmentEditable, isDestructiveAction, statusColorOf, toCalendarEvent } from './appointment-view';
import { appointmentRangeParamsOf, matchesRangeParams, readCalendarSearch, toggleStatus, writeCalendarSearch } from './calendar-search';
import { appointmentFixture } from './fixtures';

describe('calendar search (the address)', () => {
  it('reads view, day, assignee and statuses, ignoring anything malformed', () => {
    const s = readCalendarSearch(new URLSearchParams('view=month&date=2026-11-24&assignee=5&status=confirmed,bogus,requested'));
    expect(s).toEqual({ view: 'month', date: '2026-11-24', assignee: 5, statuses: ['requested', 'confirmed'] });
    const bad = readCalendarSearch(new URLSearchParams('view=year&date=24.11.2026&assignee=-1&status=nope'));
    expect(bad).toEqual({ view: null, date: null, assignee: 'all', statuses: [] });
    expect(readCalendarSearch(new URLSearchParams('assignee=none')).assignee).toBe('none');
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(writeCalendarSearch({ view: null, date: null, assignee: 'all', statuses: [] }).toString()).toBe('');
    const s = { view: 'week' as const, date: '2026-11-24', assignee: 'none' as const, statuses: ['requested' as const] };
    expect(readCalendarSearch(writeCalendarSearch(s))).toEqual(s);
  });

  it('toggles status chips in canonical order; all of them means no filter', () => {
    expect(toggleStatus(['confirmed'], 'requested')).toEqual(['requested', 'confirmed']);
    expect(toggleStatus(['requested', 'confirmed'], 'requested')).toEqual(['confirmed']);
    expect(toggleStatus(['requested', 'confirmed', 'denied', 'canceled', 'completed'], 'missed')).toEqual([]);
  });
});

describe('range → list query', () => {
  const start = new Date('2026-11-23T06:00:00.000Z');
  it('sends the visible range as instants with the filters as the API takes them', () => {
    const end = new Date('2026-11-30T06:00:00.000Z');
    expect(appointmentRangeParamsOf({ start, end, assignee: 5, statuses: ['requested', 'confirmed'] })).toEqual({
      from: '2026-11-23T06:00:00.000Z',
      to: '2026-11-30T06:00:00.000Z',
      assignee: '/api/users/5',
      status: 'requested,confirmed',
    });
    expect(appointmentRangeParamsOf({ start, end, assignee: 'none', statuses: [] })).toMatchObject({ assignee: 'none', status: null });
    expect(appointmentRangeParamsOf({ start, end, assignee: 'all', statuses: [] }).assignee).toBeNull();
  });

  it('cuts a range longer than the server allows (45 days)', () => {
    const end = new Date('2027-02-01T06:00:00.000Z');
    expect(appointmentRangeParamsOf({ start, end, assignee: 'all', statuses: [] }).to).toBe('2027-01-07T06:00:00.000Z');
  });

  it('matches an appointment by start (from ≤ start < to), assignee and status', () => {
    const params = { from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z', assignee: '/api/users/5', status: 'requested' };
    const a = { startsAt: '2026-11-24T15:00:00.000Z', assignee: '/api/users/5', status: 'requested' as const };
    expect(matchesRangeParams({ params, appointment: a })).toBe(true);
    expect(matchesRangeParams({ params, appointment: { ...a, startsAt: '2026-11-30T00:00:00.000Z' } })).toBe(false);
    expect(matchesRangeParams({ params, appointment: { ...a, startsAt: '2026-11-23T00:00:00.000Z' } })).toBe(true);
    expect(matchesRangeParams({ params, appointment: { ...a, assignee: '/api/users/6' } })).toBe(false);
    expect(matchesRangeParams({ params, appointment: { ...a, status: 'confirmed' } })).toBe(false);
    expect(matchesRangeParams({ params: { ...params, assignee: 'none' }, appointment: { ...a, assignee: null } })).toBe(true);
    expect(matchesRangeParams({ params: { ...params, assignee: 'none' }, appointment: a })).toBe(false);
  });
});

describe('appointment view', () => {
  it('allows the transitions of §4 and asks before the destructive ones', () => {
    expect(allowedActionsOf('requested')).toEqual(['confirm', 'deny', 'cancel']);
    expect(allowedActionsOf('confirmed')).toEqual(['cancel', 'complete', 'miss']);
    for (const s of ['denied', 'canceled', 'completed', 'missed'] as const) expect(allowedActionsOf(s)).toEqual([]);
    expect(['confirm', 'deny', 'cancel', 'complete', 'miss'].filter((a) => isDestructiveAction(a as never))).toEqual(['deny', 'cancel']);
    expect(isAppointmentEditable('requested') && isAppointmentEditable('confirmed')).toBe(true);
    expect(isAppointmentEditable('completed') || isAppointmentEditable('canceled')).toBe(false);
  });

  it('colours by status from the theme, with its contrast text, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const palette = createAppTheme(mode).palette;
      expect(statusColorOf({ palette, status: 'confirmed' })).toEqual({ background: palette.success.main, text: palette.success.contrastText });
      expect(statusColorOf({ palette, status: 'requested' }).background).toBe(palette.warning.main);
      expect(statusColorOf({ palette, status: 'missed' }).background).toBe(palette.secondary.main);
      expect(statusColorOf({ palette, status: 'canceled' })).toEqual({
        background: mode === 'dark' ? palette.grey[700] : palette.grey[300],
        text: palette.text.primary,
      });
    }
  });

  it('maps an appointment to an event: editable only while active', () => {
    const palette = createAppTheme('light').palette;
    const e = toCalendarEvent({ appointment: appointmentFixture({ id: 9, status: 'requested' }), palette });
    expect(e).toMatchObject({ id: '9', title: 'James Whitaker', start: '2026-11-24T15:00:00.000Z', editable: true, color: palette.warning.main });
    expect(e.class).toContain('appointment-event-requested');
    expect(toCalendarEvent({ appointment: appointmentFixture({ id: 9, status: 'completed' }), palette }).editable).toBe(false);
  });

  it('offers as assignees everyone with shifts plus anyone already assigned, by name', () => {
    const options = assigneeOptionsOf({
      workingHours: [
        { user: '/api/users/5', userName: 'Maria Lopez' },
        { user: '/api/users/2', userName: 'Alex Tech' },
      ],
      appointments: [
        { assignee: '/api/users/9', assigneeName: 'Zoe Former' },
        { assignee: '/api/users/5', assigneeName: 'Maria Lopez' },
        { assignee: null, assigneeName: null },
      ],
    });
    expect(options.map((o) => o.name)).toEqual(['Alex Tech', 'Maria Lopez', 'Zoe Former']);
  });
});

describe('errors', () => {
  const problem = (status: number, description: string) => ({ status, body: { status, description, detail: description } });
  it('shows the spec message of a conflict whatever the server said', () => {
    expect(conflictMessageKeyOf({ error: problem(409, SLOT_NOT_AVAILABLE), kind: 'move' })).toBe(SLOT_NOT_AVAILABLE);
    expect(conflictMessageKeyOf({ error: problem(409, 'Conflict'), kind: 'create' })).toBe(SLOT_NOT_AVAILABLE);
    expect(conflictMessageKeyOf({ error: problem(409, APPOINTMENT_WRONG_STATE), kind: 'move' })).toBe(APPOINTMENT_WRONG_STATE);
    expect(conflictMessageKeyOf({ error: problem(409, 'whatever'), kind: 'action' })).toBe(APPOINTMENT_WRONG_STATE);
    expect(conflictMessageKeyOf({ error: problem(422, SLOT_NOT_AVAILABLE), kind: 'move' })).toBeNull();
    expect(conflictMessageKeyOf({ error: new Error('network'), kind: 'move' })).toBeNull();
  });

  it('recognises the module-off 403', () => {
    expect(isModuleOffError(problem(403, APPOINTMENTS_MODULE_OFF))).toBe(true);
    expect(isModuleOffError(problem(403, 'You do not have access to appointments.'))).toBe(false);
  });
});

describe('live appointments', () => {
  const params = { from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z', assignee: null, status: null };
  const a = appointmentFixture({ id: 1, startsAt: '2026-11-24T15:00:00.000Z' });
  const b = appointmentFixture({ id: 2, startsAt: '2026-11-25T15:00:00.000Z' });

  it('adds a new one in start order, replaces a changed one, drops one that moved out', () => {
    const booked = appointmentFixture({ id: 3, startsAt: '2026-11-24T16:00:00.000Z', status: 'requested', source: 'customer' });
    expect(mergeAppointmentIntoRange({ list: [a, b], appointment: booked, params }).map((x) => x.id)).toEqual([1, 3, 2]);
    const moved = { ...b, startsAt: '2026-11-24T09:00:00.000Z' };
    expect(mergeAppointmentIntoRange({ list: [a, b], appointment: moved, params }).map((x) => x.id)).toEqual([2, 1]);
    const away = { ...b, startsAt: '2026-12-02T09:00:00.000Z' };
    expect(mergeAppointmentIntoRange({ list: [a, b], appointment: away, params }).map((x) => x.id)).toEqual([1]);
    const list = [a];
    expect(mergeAppointmentIntoRange({ list, appointment: away, params })).toBe(list);
    const filtered = { ...params, status: 'requested' };
    expect(mergeAppointmentIntoRange({ list: [{ ...a, status: 'requested' }], appointment: { ...a, status: 'confirmed' }, params: filtered })).toEqual([]);
  });

  it('merges an event into the open ranges, refetches other lists and free times, ignores other entities', async () => {
    const queryClient = new QueryClient();
    const key = appointmentKeys.list({ ...params });
    queryClient.setQueryData<TAppointment[]>(key, [a]);
    const customerKey = appointmentKeys.list({ customer: 7 });
    queryClient.setQueryData(customerKey, [a]);
    const availabilityKey = appointmentKeys.availability({ services: [1], from: '2026-11-24', to: '2026-11-24' });
    queryClient.setQueryData(availabilityKey, { days: [] });
    const booked = appointmentFixture({ id: 3, startsAt: '2026-11-24T16:00:00.000Z', status: 'requested', source: 'customer' });
    const event: TLiveEvent = { event: 'created', entity: 'appointment', action: null, data: booked, changes: null, id: '1', extra: null };
    expect(handleAppointmentLiveEvent(queryClient, event)).toBe(true);
    // The cache code loads with the first event.
    await vi.waitFor(() => expect(queryClient.getQueryData<TAppointment[]>(key)!.map((x) => x.id)).toEqual([1, 3]));
    expect(queryClient.getQueryState(customerKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(availabilityKey)?.isInvalidated).toBe(true);
    expect(handleAppointmentLiveEvent(queryClient, { ...event, entity: 'survey' })).toBe(false);
  });

  it('refetches the lists when an event carries no appointment', () => {
    const queryClient = new QueryClient();
    const key = appointmentKeys.list({ ...params });
    queryClient.setQueryData<TAppointment[]>(key, [a]);
    applyAppointmentLiveEvent({
      queryClient,
      event: { event: 'updated', entity: 'appointment', action: null, data: null, changes: null, id: '2', extra: null },
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
