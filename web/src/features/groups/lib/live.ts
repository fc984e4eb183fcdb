import type { QueryClient, InfiniteData } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { groupKeys } from '../api/query-keys';
import type { TGroupMessage, TKeysetPage } from './types';

type TMessagesData = InfiniteData<TKeysetPage<TGroupMessage>, unknown>;

/** Pure: applies one group message event to a loaded list (newest first). */
export function applyGroupMessageEvent(data: TMessagesData, event: 'created' | 'updated' | 'removed', gm: TGroupMessage): TMessagesData {
  const exists = data.pages.some((p) => p.member.some((m) => m.id === gm.id));
  if (event === 'removed') {
    if (!exists) return data;
    return { ...data, pages: data.pages.map((p) => ({ ...p, member: p.member.filter((m) => m.id !== gm.id) })) };
  }
  if (exists) return { ...data, pages: data.pages.map((p) => ({ ...p, member: p.member.map((m) => (m.id === gm.id ? { ...m, ...gm } : m)) })) };
  if (event !== 'created' || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, member: [gm, ...first!.member] }, ...rest] };
}

/** Live `group_message` events keep the group's message list and the open message's progress current. */
export function handleGroupsLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== 'group_message') return false;
  if (event.event !== 'created' && event.event !== 'updated' && event.event !== 'removed') return false;
  const gm = event.data as TGroupMessage | null;
  if (!gm || typeof gm.id !== 'number') return true;
  if (gm.customerGroupId !== null && gm.customerGroupId !== undefined)
    queryClient.setQueryData<TMessagesData>(groupKeys.messages(gm.customerGroupId), (old) => (old ? applyGroupMessageEvent(old, event.event as 'created', gm) : old));
  // Recipient tables refetch only when open (they are small, keyset paged).
  void queryClient.invalidateQueries({ queryKey: groupKeys.recipientsOf(gm.id) });
  return true;
}
