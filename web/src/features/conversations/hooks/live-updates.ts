import type { QueryClient } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TMessage } from '@cd/contracts/message';
import { fetchCustomer } from '../api/get-customer';
import { olderPageParam } from '../api/get-messages';
import { conversationKeys } from '../api/query-keys';
import { idFromIri } from '../lib/customer-refs';
import type { TInboxFilters } from '../lib/inbox-query';
import {
  applyCustomerEventToDetail,
  applyCustomerEventToList,
  applyMessageEvent,
  setReadInList,
  type TCustomerList,
  type TLiveContext,
  type TMessageList,
} from '../lib/live-cache';

/**
 * Applies `customer` and `message` live events to this feature's caches. Returns false for events it does not
 * understand so the shell can log them as unsupported.
 */
export function handleConversationLiveEvent(queryClient: QueryClient, event: TLiveEvent, ctx: TLiveContext): boolean {
  if (event.entity === 'customer') {
    if (event.event === 'trigger') {
      if (event.action !== 'read_state_update') return false;
      void queryClient.invalidateQueries({ queryKey: conversationKeys.readState });
      // The caller's read flag of that customer changed (here or in another tab): refresh it from the server.
      const tid = idFromIri((event.data as { id?: number } | null)?.id);
      if (tid !== null)
        void fetchCustomer(tid)
          .then((fresh) => {
            queryClient.setQueryData<TCustomer>(conversationKeys.detail(tid), (old) => (old ? { ...old, read: fresh.read, readStates: fresh.readStates } : old));
            queryClient.setQueriesData<TCustomerList>({ queryKey: conversationKeys.lists }, (old) => (old ? setReadInList(old, tid, fresh.read) : old));
          })
          .catch(() => undefined);
      return true;
    }
    if (event.event !== 'created' && event.event !== 'updated' && event.event !== 'removed') return false;
    for (const [key, data] of queryClient.getQueriesData<TCustomerList>({ queryKey: conversationKeys.lists })) {
      const filters = key[2] as TInboxFilters | undefined;
      if (!data || !filters) continue;
      const result = applyCustomerEventToList(data, event, filters, ctx);
      if (result.data !== data) queryClient.setQueryData(key, result.data);
      if (result.stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
    const c = event.data as Partial<TCustomer>;
    const id = typeof c?.id === 'number' ? c.id : idFromIri(c?.['@id']);
    if (id !== null) {
      const key = conversationKeys.detail(id);
      const before = queryClient.getQueryData<TCustomer>(key);
      const after = applyCustomerEventToDetail(before, event);
      if (after === undefined && before !== undefined) queryClient.removeQueries({ queryKey: key, exact: true });
      else if (after !== before) queryClient.setQueryData(key, after);
    }
    return true;
  }
  if (event.entity === 'message') {
    if (event.event !== 'created' && event.event !== 'updated' && event.event !== 'removed') return false;
    const m = event.data as Partial<TMessage>;
    const customerId = idFromIri(m?.customer);
    if (customerId === null) return true;
    const key = conversationKeys.messages(customerId);
    const list = queryClient.getQueryData<TMessageList>(key);
    if (list) {
      const last = list.pages[list.pages.length - 1];
      const hasOlder = !!last && olderPageParam(last) !== undefined;
      const next = applyMessageEvent(list, event, hasOlder);
      if (next !== list) queryClient.setQueryData(key, next);
    }
    return true;
  }
  return false;
}
