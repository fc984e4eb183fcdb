import { describe, expect, it } from 'vitest';
import type { TInternalChatMessage, TInternalChatThread } from '@cd/contracts/internal-chat';
import type { TLiveEvent } from '@cd/contracts/live';
import {
  applyThreadEventToList,
  flattenMessages,
  isUnreadFor,
  mergeThread,
  olderPageParam,
  seenBy,
  threadTitle,
  upsertMessage,
  type TChatMessageList,
  type TThreadList,
} from './chat-cache';
import { uniqueMembers } from '../../../lib/paged-list';

const ME = 1;
const user = (id: number, firstName: string) => ({ '@id': `/api/users/${id}`, id, firstName, lastName: 'T' });

function thread(id: number, extra: Partial<TInternalChatThread> = {}): TInternalChatThread {
  return {
    '@id': `/api/internal_chat_threads/${id}`,
    '@type': 'InternalChatThread',
    id,
    name: `G${id}`,
    isGroup: true,
    owner: user(ME, 'Me'),
    users: [user(ME, 'Me'), user(2, 'Bo')],
    readStates: [
      { userId: ME, isRead: true },
      { userId: 2, isRead: true },
    ],
    isArchived: false,
    bumpedAt: `2030-01-01T00:00:0${id}.000Z`,
    createdAt: '2030-01-01T00:00:00.000Z',
    lastMessage: null,
    ...extra,
  };
}

function list(...pages: TInternalChatThread[][]): TThreadList {
  return { pages: pages.map((member) => ({ '@context': '', '@id': '', '@type': 'Collection', member, totalItems: 9 })), pageParams: pages.map(() => null) };
}

const ev = (event: TLiveEvent['event'], data: unknown, changes: string[] | null = null): TLiveEvent => ({ event, entity: 'internal_chat_thread', action: null, data, changes, id: '1', extra: null });
const ids = (l: TThreadList) => uniqueMembers(l).map((t) => t.id);
const inbox = { archived: false, search: '' };

describe('thread lists', () => {
  it('a new message moves the thread to the top; other updates stay in place', () => {
    const l = list([thread(3), thread(2)], [thread(1)]);
    const bumped = applyThreadEventToList(l, ev('updated', thread(1, { bumpedAt: '2031-01-01T00:00:00.000Z' }), ['bumpedAt', 'lastMessage', 'readStates', 'isArchived']), inbox);
    expect(ids(bumped.data)).toEqual([1, 3, 2]);
    const renamed = applyThreadEventToList(l, ev('updated', thread(2, { name: 'New' }), ['name']), inbox);
    expect(ids(renamed.data)).toEqual([3, 2, 1]);
    expect(uniqueMembers(renamed.data)[1]!.name).toBe('New');
  });

  it('keeps the viewer archive flag unless the event says it changed', () => {
    const mine = thread(1, { isArchived: true });
    expect(mergeThread(mine, thread(1, { isArchived: false }), ['name']).isArchived).toBe(true);
    expect(mergeThread(mine, thread(1, { isArchived: false }), ['isArchived']).isArchived).toBe(false);
    // An archived list drops the thread when a message brings it back; the inbox gets it on top.
    const archived = list([mine]);
    const msg = ev('updated', thread(1), ['bumpedAt', 'isArchived']);
    expect(ids(applyThreadEventToList(archived, msg, { archived: true, search: '' }).data)).toEqual([]);
    expect(ids(applyThreadEventToList(list([thread(2)]), msg, inbox).data)).toEqual([1, 2]);
  });

  it('created threads go on top; removed ones disappear; searches and unknown placements refetch', () => {
    const l = list([thread(2)]);
    expect(ids(applyThreadEventToList(l, ev('created', thread(5)), inbox).data)).toEqual([5, 2]);
    expect(ids(applyThreadEventToList(l, ev('removed', { '@id': '/api/internal_chat_threads/2', id: 2 }), inbox).data)).toEqual([]);
    expect(applyThreadEventToList(l, ev('created', thread(5)), { archived: false, search: 'x' })).toMatchObject({ stale: true });
    expect(applyThreadEventToList(l, ev('updated', thread(7), ['users', 'readStates']), inbox)).toMatchObject({ stale: true });
    const untouched = applyThreadEventToList(l, ev('updated', thread(7), ['readStates']), inbox);
    expect(untouched).toEqual({ data: l, stale: false });
  });
});

describe('thread views', () => {
  it('titles, unread and seen-by from the read states', () => {
    const direct = thread(1, { isGroup: false, name: null, readStates: [{ userId: ME, isRead: false }, { userId: 2, isRead: true }] });
    expect(threadTitle(direct, ME)).toBe('Bo T');
    expect(threadTitle(thread(1), ME)).toBe('G1');
    expect(threadTitle({ ...direct, users: [user(ME, 'Me')] }, ME)).toBeNull();
    expect(isUnreadFor(direct, ME)).toBe(true);
    expect(isUnreadFor(direct, 2)).toBe(false);
    expect(seenBy(direct, ME)).toEqual(['Bo T']);
    expect(seenBy(thread(1, { readStates: [{ userId: 2, isRead: false }] }), ME)).toEqual([]);
  });
});

function message(id: number, sentAt: string, userId = 2): TInternalChatMessage {
  return {
    '@id': `/api/internal_chat_messages/${id}`,
    '@type': 'InternalChatMessage',
    id,
    thread: '/api/internal_chat_threads/1',
    threadId: 1,
    user: user(userId, 'U'),
    content: `m${id}`,
    attachments: [],
    sentAt,
    createdAt: sentAt,
    direction: 'INBOUND',
  };
}

describe('messages', () => {
  it('upserts without duplicates and flattens oldest first', () => {
    const l: TChatMessageList = {
      pages: [
        { '@context': '', '@id': '', '@type': 'Collection', member: [message(3, '2030-01-01T00:00:03Z'), message(2, '2030-01-01T00:00:02Z')], totalItems: 2 },
        { '@context': '', '@id': '', '@type': 'Collection', member: [message(1, '2030-01-01T00:00:01Z')], totalItems: 1 },
      ],
      pageParams: [null, 'x'],
    };
    const once = upsertMessage(l, message(4, '2030-01-01T00:00:04Z'));
    const twice = upsertMessage(once, { ...message(4, '2030-01-01T00:00:04Z'), content: 'edited' });
    expect(flattenMessages(twice).map((m) => [m.id, m.content])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
      [4, 'edited'],
    ]);
  });

  it('the older page starts strictly before the oldest loaded message; none when the server says so', () => {
    const page = (member: TInternalChatMessage[], next?: string) => ({ '@context': '', '@id': '', '@type': 'Collection' as const, member, totalItems: member.length, view: { '@id': '', '@type': 'PartialCollectionView' as const, ...(next ? { next } : {}) } });
    expect(olderPageParam(page([message(3, '2030-01-01T00:00:03.000Z'), message(2, '2030-01-01T00:00:02.000Z')], 'n'), 2)).toBe('2030-01-01T00:00:02.000Z');
    expect(olderPageParam(page([message(3, '2030-01-01T00:00:03.000Z')]), 1)).toBeUndefined();
    expect(olderPageParam(page([]), 15)).toBeUndefined();
  });
});
