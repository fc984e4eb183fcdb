import { REPORT_PERIODS, type TReportPeriod } from '@cd/contracts/analytics';
import type { TQuery } from '../../../lib/api-client';

/**
 * The analytics screen's state, kept in the address so a view can be shared: `period` (a preset) or `from`/`to`
 * (custom local days), and repeated `userId` / `channel` filters.
 */
export type TAnalyticsSearch = { period: TReportPeriod | null; from: string | null; to: string | null; userIds: number[]; channels: string[] };

export const DEFAULT_ANALYTICS_PERIOD: TReportPeriod = 'last_7_days';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_FILTER_VALUES = 50;

function isDay(v: string | null): v is string {
  return !!v && DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}

/** Reads the address; anything unreadable falls back to the default period rather than a failed request. */
export function readAnalyticsSearch(params: URLSearchParams): TAnalyticsSearch {
  const userIds = [...new Set(params.getAll('userId').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, MAX_FILTER_VALUES);
  const channels = [...new Set(params.getAll('channel'))].filter((c) => /^[a-z0-9_]{1,32}$/.test(c)).slice(0, MAX_FILTER_VALUES);
  const from = params.get('from');
  const to = params.get('to');
  const period = params.get('period');
  if ((REPORT_PERIODS as readonly string[]).includes(period ?? '')) return { period: period as TReportPeriod, from: null, to: null, userIds, channels };
  if (isDay(from) && isDay(to) && from <= to) return { period: null, from, to, userIds, channels };
  return { period: DEFAULT_ANALYTICS_PERIOD, from: null, to: null, userIds, channels };
}

export function writeAnalyticsSearch(search: TAnalyticsSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.period) params.set('period', search.period);
  else if (search.from && search.to) {
    params.set('from', search.from);
    params.set('to', search.to);
  }
  for (const id of search.userIds) params.append('userId', String(id));
  for (const c of search.channels) params.append('channel', c);
  return params;
}

/** The query of GET /api/analytics and its CSV export (ZAnalyticsQuerySchema). */
export function analyticsQueryOf(search: TAnalyticsSearch): TQuery {
  return {
    period: search.period ?? undefined,
    from: search.period ? undefined : (search.from ?? undefined),
    to: search.period ? undefined : (search.to ?? undefined),
    'userId[]': search.userIds,
    'channel[]': search.channels,
  };
}

/** "analytics-2026-11-01-2026-11-28.csv": the range the file covers. */
export function exportFileNameOf(range: { from: string; to: string }): string {
  return `analytics-${range.from}-${range.to}.csv`;
}
