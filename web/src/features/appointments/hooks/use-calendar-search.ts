import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readCalendarSearch, writeCalendarSearch, type TCalendarSearch } from '../lib/calendar-search';

/** The calendar's view, day and filters, kept in the address (a reload or a shared link shows the same). */
export function useCalendarSearch() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string stands for the params object
  const search = useMemo(() => readCalendarSearch(params), [key]);
  const update = useCallback(
    (next: Partial<TCalendarSearch>, opts: { replace?: boolean } = {}) =>
      setParams((prev) => writeCalendarSearch({ ...readCalendarSearch(prev), ...next }), { replace: opts.replace ?? false }),
    [setParams],
  );
  return { search, update };
}
