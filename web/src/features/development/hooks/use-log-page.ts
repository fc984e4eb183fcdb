import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { THydraCollection } from '@cd/contracts/hydra';
import { LIVE_TAIL_MS, useLiveRows } from './use-live-rows';

type TLogSearchBase = { open: number | null };

/**
 * The state of a development log screen (API calls, webhooks): filters read from and written to the address, the
 * keyset-paged list, the live tail and the rows it puts on top. `filter` changes close the open entry (the list
 * starts again from the newest page); `update` keeps it (opening and closing an entry).
 */
export function useLogPage<S extends TLogSearchBase, R extends { id: number }>(opts: {
  read: (params: URLSearchParams) => S;
  write: (search: S) => URLSearchParams;
  useList: (search: S) => UseInfiniteQueryResult<InfiniteData<THydraCollection<R>>>;
  useTail: (o: { search: S; enabled: boolean; intervalMs: number }) => UseQueryResult<THydraCollection<R>>;
}) {
  const { read, write, useList, useTail } = opts;
  const [params, setParams] = useSearchParams();
  const search = read(params);
  const [live, setLive] = useState(false);
  const list = useList(search);
  const tail = useTail({ search, enabled: live, intervalMs: LIVE_TAIL_MS });
  const listed = useMemo(() => list.data?.pages.flatMap((p) => p.member) ?? [], [list.data]);
  const { rows, newIds } = useLiveRows({ listed, tail: tail.data?.member, live });
  const update = (patch: Partial<S>) => setParams(write({ ...search, ...patch }));
  const filter = (patch: Partial<S>) => update({ ...patch, open: null });
  return { search, update, filter, live, setLive, list, tailFetching: tail.isFetching, rows, newIds };
}

export type TLogPageState<S extends TLogSearchBase, R extends { id: number }> = ReturnType<typeof useLogPage<S, R>>;
