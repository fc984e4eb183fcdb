import {
  CALL_SUBJECT_TYPES,
  STATUS_CLASSES,
  WEBHOOK_OUTCOMES,
  WEBHOOK_SOURCES,
  WEBHOOK_VERIFICATIONS,
  type TCallSubjectType,
  type TStatusClass,
  type TWebhookOutcome,
  type TWebhookSource,
  type TWebhookVerification,
} from '@cd/contracts/dev-logs';
import type { TQuery } from '../../../lib/api-client';

/**
 * The development screens keep every filter in the address so a view can be shared: anything unreadable is
 * dropped (a default view) rather than sent to the server as a failed request.
 */
export const LOG_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type TLogRange = (typeof LOG_RANGES)[number];
export const STATS_RANGES = LOG_RANGES;
export const DEFAULT_STATS_RANGE: TLogRange = '24h';

const RANGE_MS: Record<TLogRange, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };
const ID_RE = /^[1-9]\d{0,14}$/;
const VENDOR_RE = /^[a-z0-9_]{1,40}$/;
const SEARCH_MAX = 200;

type TCommonSearch = { company: string | null; range: TLogRange | null; q: string; open: number | null };
export type TApiLogSearch = TCommonSearch & {
  vendor: string | null;
  statusClass: TStatusClass | null;
  subjectType: TCallSubjectType | null;
  subjectId: string | null;
};
export type TWebhookLogSearch = TCommonSearch & { source: TWebhookSource | null; verification: TWebhookVerification | null; outcome: TWebhookOutcome | null };
export type TStatsSearch = { range: TLogRange; company: string | null; vendor: string | null };

function oneOf<T extends string>(list: readonly T[], v: string | null): T | null {
  return v !== null && (list as readonly string[]).includes(v) ? (v as T) : null;
}
const idOf = (v: string | null) => (v && ID_RE.test(v) ? v : null);

function readCommon(params: URLSearchParams): TCommonSearch {
  const open = idOf(params.get('open'));
  return {
    company: idOf(params.get('company')),
    range: oneOf(LOG_RANGES, params.get('range')),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    open: open ? Number(open) : null,
  };
}

/** Writes only the set values, in a fixed order, so equal views give equal addresses. */
function writeParams(values: Record<string, string | number | null | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
  return params;
}

export function readApiLogSearch(params: URLSearchParams): TApiLogSearch {
  const subjectType = oneOf(CALL_SUBJECT_TYPES, params.get('subjectType'));
  const vendor = params.get('vendor');
  return {
    ...readCommon(params),
    vendor: vendor && VENDOR_RE.test(vendor) ? vendor : null,
    statusClass: oneOf(STATUS_CLASSES, params.get('statusClass')),
    subjectType,
    subjectId: subjectType ? idOf(params.get('subjectId')) : null,
  };
}

export function writeApiLogSearch(s: TApiLogSearch): URLSearchParams {
  const { company, vendor, statusClass, subjectType, subjectId, range, q, open } = s;
  return writeParams({ company, vendor, statusClass, subjectType, subjectId: subjectType ? subjectId : null, range, q: q.trim(), open });
}

export function readWebhookLogSearch(params: URLSearchParams): TWebhookLogSearch {
  return {
    ...readCommon(params),
    source: oneOf(WEBHOOK_SOURCES, params.get('source')),
    verification: oneOf(WEBHOOK_VERIFICATIONS, params.get('verification')),
    outcome: oneOf(WEBHOOK_OUTCOMES, params.get('outcome')),
  };
}

export function writeWebhookLogSearch(s: TWebhookLogSearch): URLSearchParams {
  const { company, source, verification, outcome, range, q, open } = s;
  return writeParams({ company, source, verification, outcome, range, q: q.trim(), open });
}

export function readStatsSearch(params: URLSearchParams): TStatsSearch {
  const vendor = params.get('vendor');
  return {
    range: oneOf(STATS_RANGES, params.get('range')) ?? DEFAULT_STATS_RANGE,
    company: idOf(params.get('company')),
    vendor: vendor && VENDOR_RE.test(vendor) ? vendor : null,
  };
}

export function writeStatsSearch(s: TStatsSearch): URLSearchParams {
  return writeParams({ range: s.range === DEFAULT_STATS_RANGE ? null : s.range, company: s.company, vendor: s.vendor });
}

/** A relative range as absolute times, computed when asked (a live view moves with the clock). */
export function rangeToTimes(range: TLogRange | null, now: number = Date.now()): { from?: string; to?: string } {
  if (!range) return {};
  return { from: new Date(now - RANGE_MS[range]).toISOString(), to: new Date(now).toISOString() };
}

/** The query of GET /api/development/api_requests (ZApiRequestListQuerySchema), the clock read at call time. */
export function apiLogQueryOf(s: TApiLogSearch, now?: number): TQuery {
  return {
    company: s.company ?? undefined,
    vendor: s.vendor ?? undefined,
    statusClass: s.statusClass ?? undefined,
    subjectType: s.subjectType ?? undefined,
    subjectId: s.subjectType ? (s.subjectId ?? undefined) : undefined,
    q: s.q.trim() || undefined,
    from: rangeToTimes(s.range, now).from,
  };
}

/** The query of GET /api/development/webhook_requests (ZWebhookRequestListQuerySchema). */
export function webhookLogQueryOf(s: TWebhookLogSearch, now?: number): TQuery {
  return {
    company: s.company ?? undefined,
    source: s.source ?? undefined,
    verification: s.verification ?? undefined,
    outcome: s.outcome ?? undefined,
    q: s.q.trim() || undefined,
    from: rangeToTimes(s.range, now).from,
  };
}

/** The query of GET /api/development/stats (ZStatsQuerySchema). */
export function statsQueryOf(s: TStatsSearch, now?: number): TQuery {
  const { from, to } = rangeToTimes(s.range, now);
  return { from, to, company: s.company ?? undefined, vendor: s.vendor ?? undefined };
}
