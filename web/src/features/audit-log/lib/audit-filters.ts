/** The audit log's filters as the address keeps them (shareable): ids and days as typed, empty when unset. */
export interface TAuditFilters {
  company: string;
  user: string;
  action: string;
  /** Days (YYYY-MM-DD) in the browser's zone, both included. */
  from: string;
  to: string;
  q: string;
}

export const EMPTY_AUDIT_FILTERS: TAuditFilters = { company: '', user: '', action: '', from: '', to: '', q: '' };

const KEYS = Object.keys(EMPTY_AUDIT_FILTERS) as (keyof TAuditFilters)[];
const ID = /^\d{1,15}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z0-9_.:-]{0,80}$/;

/** The filters from the address; a value the server would refuse (a hand-edited link) is dropped, not sent. */
export function auditFiltersOf(params: URLSearchParams): TAuditFilters {
  const get = (k: keyof TAuditFilters) => params.get(k)?.trim() ?? '';
  const company = get('company');
  const user = get('user');
  const action = get('action').toLowerCase();
  const from = get('from');
  const to = get('to');
  return {
    company: ID.test(company) ? company : '',
    user: ID.test(user) ? user : '',
    action: ACTION.test(action) ? action : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    q: get('q').slice(0, 200),
  };
}

/** The address for these filters: only the set ones, in a stable order. */
export function auditParamsOf(filters: TAuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of KEYS) if (filters[k].trim()) params.set(k, filters[k].trim());
  return params;
}

/** A day's start (or the next day's start minus 1 ms, for `to`) in the browser's zone, as an ISO instant. */
function dayBound(day: string, end: boolean): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  const at = end ? new Date(y, m - 1, d + 1, 0, 0, 0, -1) : new Date(y, m - 1, d);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** GET /api/audit_log's query string values (ZAuditListQuerySchema's input), unset ones left out. */
export type TAuditQuery = Partial<Record<'company' | 'user' | 'action' | 'from' | 'to' | 'q', string>>;

/** GET /api/audit_log's query for these filters (the first page; later pages follow the server's link). */
export function auditQueryOf(filters: TAuditFilters, opts: { superAdmin: boolean }): TAuditQuery {
  return {
    company: opts.superAdmin && filters.company ? filters.company : undefined,
    user: filters.user || undefined,
    action: filters.action || undefined,
    from: filters.from ? dayBound(filters.from, false) : undefined,
    to: filters.to ? dayBound(filters.to, true) : undefined,
    q: filters.q.trim() || undefined,
  };
}

/** A changed field's value for the diff table: text as is, nothing as a dash, anything else as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
