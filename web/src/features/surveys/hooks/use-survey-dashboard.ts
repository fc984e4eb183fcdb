import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { localDayOf, weekStartsOnOf, type TSurveyDatePreset } from '@cd/contracts/survey';
import { useCurrentUser } from '../../../lib/current-user';
import { useNow } from '../../../lib/use-now';
import { useCompanyZone } from '../api/get-company-zone';
import { daysOfRange } from '../lib/day-format';
import { readSurveySearch, surveyRangeOf, writeSurveySearch, type TSurveyFilter, type TSurveyRange } from '../lib/survey-query';

/** The signed-in user's company id: `companyData.id`, else the `/api/companies/{id}` reference. */
function companyIdOf(me: { company: string | null; companyData: { id: number } | null }): number | null {
  if (me.companyData?.id) return me.companyData.id;
  const m = me.company ? /\/(\d+)$/.exec(me.company) : null;
  return m ? Number(m[1]) : null;
}

/**
 * The dashboard's state: the address's preset / custom days / filter, read as instants in the company's time zone. The
 * range is null until the company's time zone is known, so nothing is asked for in the wrong zone.
 */
export function useSurveyDashboard() {
  const me = useCurrentUser();
  const companyId = companyIdOf(me);
  const zone = useCompanyZone(companyId);
  const [params, setParams] = useSearchParams();
  const search = readSurveySearch(params);
  // Ranges are whole local days: refreshed each minute, they only change when the company's day does.
  const now = useNow(60_000);
  const timeZone = zone.data?.timezone ?? null;
  const today = timeZone ? localDayOf({ instant: now, timeZone }) : null;
  const { preset, fromDay, toDay } = search;

  const range = useMemo<TSurveyRange | null>(
    () => (timeZone && today ? surveyRangeOf({ search: { preset, fromDay, toDay, filter: 'all' }, now: new Date(), timeZone }) : null),
    // `today` stands for `now`: the range moves only when the local day does.
    [timeZone, today, preset, fromDay, toDay],
  );
  const days = range && timeZone ? daysOfRange({ range, timeZone }) : null;

  const update = (next: Partial<typeof search>) => setParams(writeSurveySearch({ ...search, ...next }), { replace: false });
  return {
    companyId,
    zone,
    search,
    range,
    days,
    today,
    weekStartsOn: weekStartsOnOf(zone.data?.country),
    setPreset: (p: TSurveyDatePreset) => update({ preset: p, fromDay: null, toDay: null }),
    setDays: (d: { fromDay: string; toDay: string }) => update({ preset: null, ...d }),
    setFilter: (f: TSurveyFilter) => update({ filter: f }),
  };
}
