import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TInternalChatMessage } from '@cd/contracts/internal-chat';
import { buildTimeline } from './chat-timeline';

function message(id: number, sentAt: string, userId: number | null): TInternalChatMessage {
  return {
    '@id': `/api/internal_chat_messages/${id}`,
    '@type': 'InternalChatMessage',
    id,
    thread: '/api/internal_chat_threads/1',
    threadId: 1,
    user: userId === null ? null : { '@id': `/api/users/${userId}`, id: userId, firstName: 'U', lastName: String(userId) },
    content: 'x',
    attachments: [],
    sentAt,
    createdAt: sentAt,
    direction: 'INBOUND',
  };
}

const local = (s: string) => dayjs(s).toISOString();

describe('buildTimeline', () => {
  it('puts a separator before each day and groups runs of one sender within five minutes', () => {
    const items = buildTimeline(
      [
        message(1, local('2030-01-01T10:00:00'), 2),
        message(2, local('2030-01-01T10:03:00'), 2),
        message(3, local('2030-01-01T10:20:00'), 2),
        message(4, local('2030-01-01T10:21:00'), 1),
        message(5, local('2030-01-02T09:00:00'), 1),
      ],
      1,
    );
    expect(items.map((i) => (i.kind === 'day' ? `day ${i.day}` : `${i.message.id}${i.own ? ' own' : ''}${i.firstOfRun ? ' first' : ''}${i.lastOfRun ? ' last' : ''}`))).toEqual([
      'day 2030-01-01',
      '1 first',
      '2 last',
      '3 first last',
      '4 own first last',
      'day 2030-01-02',
      '5 own first last',
    ]);
  });

  it('a deleted sender is never "own"', () => {
    const [, item] = buildTimeline([message(1, local('2030-01-01T10:00:00'), null)], 1);
    expect(item).toMatchObject({ kind: 'message', own: false });
  });
});
