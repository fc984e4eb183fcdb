import { describe, expect, it } from 'vitest';
import type { TCustomer } from '@cd/contracts/customer';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TMessage } from '@cd/contracts/message';
import { EMPTY_INBOX_FILTERS, type TInboxFilters } from './inbox-query';
import {
  applyCustomerEventToDetail,
  applyCustomerEventToList,
  applyMessageEvent,
  flattenMessages,
  mergeMessage,
  setReadInList,
  upsertMessage,
  type TCustomerList,
  type TLiveContext,
  type TMessageList,
} from './live-cache';

const admin: TLiveContext = { userId: 1, userIri: '/api/users/1', isAdmin: true };
const agent: TLiveContext = { userId: 2, userIri: '/api/users/2', isAdmin: false };

function customer(id: number, extra: Partial<TCustomer> = {}): TCustomer {
  return { '@id': `/api/customers/${id}`, id, firstName: `C${id}`, lastName: '', user: '/api/users/2', archived: false, read: true, tags: [], bumpedAt: '2025-01-01T00:00:00Z', ...extra } as TCustomer;
}
function list(...pages: TCustomer[][]): TCustomerList {
  return { pages: pages.map((member) => ({ '@context': '', '@id': '', '@type': 'Collection', member, totalItems: member.length })), pageParams: pages.map(() => null) };
}
const ids = (l: TCustomerList) => l.pages.map((p) => p.member.map((m) => m.id));
function ev(event: TLiveEvent['event'], entity: string, data: unknown, changes: string[] | null = null, action: string | null = null): TLiveEvent {
  return { event, entity, data, changes, action, id: 'x', extra: null };
}
const F: TInboxFilters = EMPTY_INBOX_FILTERS;

describe('customer list reducer', () => {
  it('inserts a created customer at the top for admins and for the owner only', () => {
    const l = list([customer(1), customer(2)], [customer(3)]);
    const other = customer(9, { user: '/api/users/5' });
    expect(ids(applyCustomerEventToList(l, ev('created', 'customer', other), F, admin).data)).toEqual([[9, 1, 2], [3]]);
    expect(applyCustomerEventToList(l, ev('created', 'customer', other), F, agent).data).toBe(l);
    expect(ids(applyCustomerEventToList(l, ev('created', 'customer', customer(8)), F, agent).data)).toEqual([[8, 1, 2], [3]]);
  });

  it('does not insert into the archive view and asks for a refetch when only the server can tell (search)', () => {
    const l = list([customer(1)]);
    expect(applyCustomerEventToList(l, ev('created', 'customer', customer(5)), { ...F, archived: true }, admin).data).toBe(l);
    const r = applyCustomerEventToList(l, ev('created', 'customer', customer(5)), { ...F, search: 'bob' }, admin);
    expect(r.data).toBe(l);
    expect(r.stale).toBe(true);
  });

  it('moves a customer to the top when bumpedAt changed, from any page', () => {
    const l = list([customer(1), customer(2)], [customer(3)]);
    const r = applyCustomerEventToList(l, ev('updated', 'customer', { ...customer(3), bumpedAt: '2025-02-01T00:00:00Z' }, ['bumpedAt']), F, admin);
    expect(ids(r.data)).toEqual([[3, 1, 2], []]);
  });

  it('merges other updates in place', () => {
    const l = list([customer(1), customer(2)]);
    const r = applyCustomerEventToList(l, ev('updated', 'customer', { id: 2, firstName: 'Zed' }, ['firstName']), F, admin);
    expect(ids(r.data)).toEqual([[1, 2]]);
    expect(r.data.pages[0]!.member[1]!.firstName).toBe('Zed');
    expect(r.data.pages[0]!.member[1]!.read).toBe(true);
  });

  it('takes read from the event only when changes name it (broadcasts carry no per-viewer read state)', () => {
    const l = list([customer(1, { read: true })]);
    const outbound = applyCustomerEventToList(l, ev('updated', 'customer', { ...customer(1), read: false, readStates: [] }, ['bumpedAt', 'lastMessage']), F, admin);
    expect(outbound.data.pages[0]!.member[0]!.read).toBe(true);
    const inbound = applyCustomerEventToList(l, ev('updated', 'customer', { ...customer(1), read: false }, ['bumpedAt', 'lastMessage', 'read']), F, admin);
    expect(inbound.data.pages[0]!.member[0]!.read).toBe(false);
  });

  it('drops customers that no longer fit (archived, read in an unread-only list, reassigned away) and removes deleted ones', () => {
    const l = list([customer(1, { read: false }), customer(2)]);
    expect(ids(applyCustomerEventToList(l, ev('updated', 'customer', { ...customer(2), archived: true }, ['archived']), F, admin).data)).toEqual([[1]]);
    expect(ids(applyCustomerEventToList(l, ev('updated', 'customer', { id: 1, read: true }, ['read']), { ...F, unread: true }, admin).data)).toEqual([[2]]);
    expect(ids(applyCustomerEventToList(l, ev('updated', 'customer', { ...customer(2), user: '/api/users/7' }, ['user']), F, agent).data)).toEqual([[1]]);
    expect(ids(applyCustomerEventToList(l, ev('removed', 'customer', { id: 1 }), F, admin).data)).toEqual([[2]]);
  });

  it('marks a refetch when an unarchived customer belongs in this list', () => {
    const l = list([customer(1)]);
    const r = applyCustomerEventToList(l, ev('updated', 'customer', customer(4), ['archived']), F, admin);
    expect(r.stale).toBe(true);
  });

  it('updates the detail cache and sets read flags', () => {
    expect(applyCustomerEventToDetail(customer(1), ev('updated', 'customer', { id: 1, notes: 'n' }, ['notes']))?.notes).toBe('n');
    expect(applyCustomerEventToDetail(customer(1), ev('removed', 'customer', { id: 1 }))).toBeUndefined();
    const l = list([customer(1, { read: false }), customer(2, { read: false })]);
    expect(setReadInList(l, 1, true).pages[0]!.member.map((m) => m.read)).toEqual([true, false]);
    expect(setReadInList(l, 'all', true).pages[0]!.member.map((m) => m.read)).toEqual([true, true]);
  });
});

function msg(id: number, createdAt: string, extra: Partial<TMessage> = {}): TMessage {
  return { id, customer: '/api/customers/5', createdAt, status: 'SENT', direction: 'OUTBOUND', attachments: [], ...extra } as TMessage;
}
function mlist(...pages: TMessage[][]): TMessageList {
  return { pages: pages.map((member) => ({ '@context': '', '@id': '', '@type': 'Collection', member, totalItems: member.length })), pageParams: pages.map(() => null) };
}

describe('message reducer', () => {
  it('inserts created messages on the newest page and merges updates', () => {
    const l = mlist([msg(3, '2025-01-03T00:00:00Z'), msg(2, '2025-01-02T00:00:00Z')], [msg(1, '2025-01-01T00:00:00Z')]);
    const created = applyMessageEvent(l, ev('created', 'message', msg(4, '2025-01-04T00:00:00Z', { status: 'SENDING' })), true);
    expect(flattenMessages(created).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    const updated = applyMessageEvent(created, ev('updated', 'message', { ...msg(4, '2025-01-04T00:00:00Z'), status: 'DELIVERED' }, ['status']), true);
    expect(flattenMessages(updated).find((m) => m.id === 4)!.status).toBe('DELIVERED');
    // The same message twice (POST answer + live event) stays one message.
    expect(flattenMessages(upsertMessage(updated, msg(4, '2025-01-04T00:00:00Z', { status: 'SENDING' }))).length).toBe(4);
  });

  it('never moves a status backwards, except a retry after a failure', () => {
    expect(mergeMessage(msg(1, 'x', { status: 'DELIVERED' }), { status: 'SENDING' }).status).toBe('DELIVERED');
    expect(mergeMessage(msg(1, 'x', { status: 'FAILED' }), { status: 'SENDING' }).status).toBe('SENDING');
    expect(mergeMessage(msg(1, 'x', { status: 'scheduled' }), { status: 'SENDING' }).status).toBe('SENDING');
  });

  it('ignores updates of unloaded older messages and removes deleted ones', () => {
    const l = mlist([msg(3, '2025-01-03T00:00:00Z')]);
    expect(applyMessageEvent(l, ev('updated', 'message', msg(1, '2025-01-01T00:00:00Z'), ['status']), true)).toBe(l);
    expect(flattenMessages(applyMessageEvent(l, ev('removed', 'message', { id: 3 }), false))).toEqual([]);
  });
});
