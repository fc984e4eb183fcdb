import { randomUUID } from 'node:crypto';
import { DmsError, withPushedLines } from '../dms-error';
import { parseRetryAfter, sendDmsRequest, type TDmsHttpResponse } from '../dms-http';
import { centsToDecimal } from '../dms-values';
import type { TDmsAdapter, TDmsCommonOptions, TDmsPushedLine, TDmsRepairOrder } from '../dms.types';
import { mapCdkCustomer, mapCdkRepairOrder, mapCdkServiceAdvisors } from './cdk-map';
import { createCdkTokenProvider, type TCdkTokenProvider } from './cdk-token';

export const FORTELLIS_API_URL = 'https://api.fortellis.io';
const RO_BULK = '/cdk/drive/servicerepairorder/v3';
const RO_API = '/cdkdrive/service/v1/repair-orders';
const CUSTOMERS = '/cdkdrive/crm/v1/customers';
const DAY_MS = 86_400_000;
/** Query windows the bulk API accepts (§2.3): 31 days for full lists, 48 hours for deltas. */
const BULK_WINDOW_MS = 31 * DAY_MS;
const DELTA_WINDOW_MS = 48 * 3600_000;
/** A closed-order import never reaches back more than about a year in one call. */
const MAX_BULK_WINDOWS = 12;
/** Gateway codes that mean "this token is no good any more": fetch a new one once and try again. */
const TOKEN_CODES = new Set(['TOKEN-EXPIRED', 'INVALID-TOKEN', 'MISSING-AUTHORIZATION']);

export interface TCdkOptions extends TDmsCommonOptions {
  baseUrl?: string;
  tokenUrl?: string;
  /** The product's Fortellis app credentials (server config); ignored when `tokens` is given. */
  apiKey?: string;
  apiSecret?: string;
  /** Share one provider across dealerships so the product holds one token, not one per company. */
  tokens?: TCdkTokenProvider;
  /** The company's `cdkSubscriptionId`. */
  subscriptionId: string;
  /** Department-Id the bulk repair-order API requires (not in the DMS settings yet: the module must supply it). */
  departmentId?: string;
  /** Bulk jobs: status polls at most this many times, waiting what the API asks but never longer than pollIntervalMs. */
  maxPolls?: number;
  pollIntervalMs?: number;
}

type TJson = Record<string, unknown>;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseAny(res: TDmsHttpResponse): unknown {
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    return null;
  }
}

function parseJson(res: TDmsHttpResponse): TJson {
  const v = parseAny(res);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TJson) : {};
}

/** The gateway's error envelope is not documented (UNCERTAIN): `{code, message}` and `{error:{code, message}}` are read. */
function gatewayError(body: TJson): { code: string | null; message: string | null } {
  const inner = typeof body.error === 'object' && body.error !== null ? (body.error as TJson) : body;
  const code = inner.code ?? inner.errorCode ?? body.code;
  const message = inner.message ?? body.message;
  return { code: code === undefined || code === null ? null : String(code), message: typeof message === 'string' ? message : null };
}

export function createCdkAdapter(opts: TCdkOptions): TDmsAdapter {
  const baseUrl = (opts.baseUrl ?? FORTELLIS_API_URL).replace(/\/+$/, '');
  const timeZone = opts.timeZone ?? 'UTC';
  const maxPolls = opts.maxPolls ?? 20;
  const pollIntervalMs = opts.pollIntervalMs ?? 30_000;
  const tokens =
    opts.tokens ??
    createCdkTokenProvider({
      tokenUrl: opts.tokenUrl,
      apiKey: opts.apiKey ?? '',
      apiSecret: opts.apiSecret ?? '',
      onCall: opts.onCall,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
    });

  function failure(res: TDmsHttpResponse, operation: string): DmsError {
    const { status } = res;
    const { code, message } = gatewayError(parseJson(res));
    const said = message ? `: ${message}` : '';
    const base = { vendor: 'cdk' as const, status, vendorCode: code };
    if (status === 429 || code === 'QUOTA-EXCEEDED')
      return new DmsError({
        ...base,
        kind: 'rate_limited',
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
        message: `CDK is limiting our calls (${operation}, HTTP ${status}).`,
      });
    if (status === 401 || status === 403) {
      const subscription = code !== null && /SUBSCRI/.test(code);
      return new DmsError({
        ...base,
        kind: 'auth',
        message: subscription
          ? `CDK refused the dealership's subscription for ${operation} (${code}); check the CDK subscription id.`
          : `CDK refused access to ${operation} (HTTP ${status}${code ? ` ${code}` : ''})${said}`,
      });
    }
    if (status === 504 || code === 'TARGET-SYSTEM-TIMED-OUT')
      return new DmsError({ ...base, kind: 'timeout', message: `The dealership's CDK system did not answer ${operation} in time.` });
    if (status >= 500)
      return new DmsError({ ...base, kind: 'unavailable', message: `CDK is unavailable (${operation}, HTTP ${status}${code ? ` ${code}` : ''}).` });
    return new DmsError({ ...base, kind: 'rejected', message: `CDK refused ${operation} (HTTP ${status}${code ? ` ${code}` : ''})${said}` });
  }

  /** One API call with the §2.2 headers; a refused token is replaced once (expired early, revoked, rotated). */
  async function api(o: {
    operation: string;
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    department?: boolean;
    signal?: AbortSignal;
    allow?: number[];
  }) {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.getToken({ signal: o.signal });
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'subscription-id': opts.subscriptionId,
        'request-id': randomUUID(),
      };
      if (o.department && opts.departmentId) headers['department-id'] = opts.departmentId;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await sendDmsRequest(
        {
          vendor: 'cdk',
          operation: o.operation,
          method: o.method,
          url: `${baseUrl}${o.path}`,
          headers,
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
          timeoutMs: opts.timeoutMs,
          maxResponseBytes: opts.maxResponseBytes,
          signal: o.signal,
          onCall: opts.onCall,
          secrets: [...tokens.secrets(), token],
          fetch: opts.fetch,
        },
        (answer) => {
          const tokenRefused = answer.status === 401 || (answer.status === 403 && TOKEN_CODES.has(gatewayError(parseJson(answer)).code ?? ''));
          if (tokenRefused && attempt === 0) return null;
          if ((answer.status >= 200 && answer.status < 300) || o.allow?.includes(answer.status)) return answer;
          throw failure(answer, o.operation);
        },
      );
      if (res) return res;
      tokens.invalidate(token);
    }
  }

  /** The async bulk pattern (§2.4): 202 + operationId, poll the status (bounded), then fetch the result. */
  async function bulk(o: { path: string; start: Date; end: Date; signal?: AbortSignal }): Promise<unknown[]> {
    const query = `startDate=${encodeURIComponent(o.start.toISOString().slice(0, 19) + 'Z')}&endDate=${encodeURIComponent(o.end.toISOString().slice(0, 19) + 'Z')}`;
    const started = await api({ operation: `bulk ${o.path}`, method: 'GET', path: `${RO_BULK}${o.path}?${query}`, department: true, signal: o.signal });
    let job = parseJson(started);
    const id = typeof job.operationId === 'string' ? job.operationId : '';
    // The id goes into our own URL (never the answer's links: they would carry our token wherever they point).
    if (!/^[\w-]{1,200}$/.test(id))
      throw new DmsError({ vendor: 'cdk', kind: 'unavailable', status: started.status, message: `CDK started ${o.path} without a usable operation id.` });
    for (let poll = 0; job.status !== 'complete'; poll++) {
      if (job.status === 'error' || job.status === 'failed')
        throw new DmsError({ vendor: 'cdk', kind: 'unavailable', message: `CDK could not prepare the repair orders (${o.path}, job ${id} ended in error).` });
      if (poll >= maxPolls)
        throw new DmsError({
          vendor: 'cdk',
          kind: 'timeout',
          message: `CDK had not prepared the repair orders after ${maxPolls} status checks (${o.path}, job ${id}).`,
        });
      const askedMs = Number(job.checkStatusAfterSeconds) * 1000;
      await sleep(Math.min(pollIntervalMs, Number.isFinite(askedMs) && askedMs > 0 ? askedMs : pollIntervalMs), o.signal).catch((err: unknown) => {
        throw new DmsError({ vendor: 'cdk', kind: 'timeout', message: `Waiting for CDK to prepare the repair orders was cancelled (${o.path}).`, cause: err });
      });
      job = parseJson(
        await api({ operation: 'bulk status', method: 'GET', path: `${RO_BULK}/long-operations/${id}/status`, department: true, signal: o.signal }),
      );
    }
    const result = parseJson(
      await api({ operation: 'bulk result', method: 'GET', path: `${RO_BULK}/long-operations/${id}/result`, department: true, signal: o.signal }),
    );
    return Array.isArray(result.data) ? result.data : [];
  }

  function mapAll(records: unknown[], status: 'open' | 'closed'): TDmsRepairOrder[] {
    const seen = new Set<string>();
    return records.flatMap((raw) => {
      const ro = mapCdkRepairOrder(raw, { status, timeZone });
      if (!ro || seen.has(ro.dmsKey)) return [];
      seen.add(ro.dmsKey);
      return [ro];
    });
  }

  return {
    vendor: 'cdk',

    async listOpenRepairOrders(o = {}) {
      const now = new Date();
      const since = o.modifiedSince;
      // A recent `since` uses the 48-hour delta; otherwise the open list of the last 31 days (the API's widest window).
      const records =
        since && now.getTime() - since.getTime() <= DELTA_WINDOW_MS
          ? await bulk({ path: '/open/delta', start: since, end: now, signal: o.signal })
          : await bulk({ path: '/open', start: new Date(now.getTime() - BULK_WINDOW_MS), end: now, signal: o.signal });
      return mapAll(records, 'open');
    },

    async listClosedRepairOrders(o) {
      const end = o.until ?? new Date();
      if (end.getTime() - o.since.getTime() <= DELTA_WINDOW_MS)
        return mapAll(await bulk({ path: '/closed/delta', start: o.since, end, signal: o.signal }), 'closed');
      const windows = Math.ceil((end.getTime() - o.since.getTime()) / BULK_WINDOW_MS);
      if (windows > MAX_BULK_WINDOWS)
        throw new DmsError({ vendor: 'cdk', kind: 'rejected', message: `Closed repair orders can be imported ${MAX_BULK_WINDOWS * 31} days back at most.` });
      const records: unknown[] = [];
      for (let start = o.since.getTime(); start < end.getTime(); start += BULK_WINDOW_MS) {
        records.push(
          ...(await bulk({ path: '/closed', start: new Date(start), end: new Date(Math.min(start + BULK_WINDOW_MS, end.getTime())), signal: o.signal })),
        );
      }
      return mapAll(records, 'closed');
    },

    async listServiceWriters(o = {}) {
      const res = await api({ operation: 'serviceAdvisors', method: 'GET', path: `${RO_API}/lookups/serviceAdvisors`, signal: o.signal });
      return mapCdkServiceAdvisors(parseAny(res));
    },

    async pushApprovedLines(p) {
      if (p.lines.length === 0) return [];
      const roPath = `${RO_API}/${encodeURIComponent(p.repairOrder.dmsKey)}`;
      // Lines an earlier push already added (its answer lost) are reported, not added twice.
      const current = await api({ operation: 'repair order', method: 'GET', path: roPath, signal: p.signal, allow: [404] });
      if (current.status === 404)
        throw new DmsError({
          vendor: 'cdk',
          kind: 'rejected',
          status: 404,
          message: `Repair order ${p.repairOrder.number} is not open in CDK; lines cannot be added.`,
        });
      const existing = new Map<string, string>();
      for (const item of (parseJson(current).serviceLineItems as TJson[] | undefined) ?? []) {
        if (typeof item?.serviceRequest === 'string' && item.serviceLineId !== undefined)
          existing.set(item.serviceRequest.trim().toUpperCase(), String(item.serviceLineId));
      }
      const pushed: TDmsPushedLine[] = [];
      for (const line of p.lines) {
        const known = existing.get(line.description.trim().toUpperCase());
        if (known) {
          pushed.push({ ref: line.ref, dmsLineKey: known });
          continue;
        }
        try {
          const res = await api({
            operation: 'add service line',
            method: 'POST',
            path: `${roPath}/service-lines`,
            body: {
              serviceRequest: line.description.trim(),
              laborOperations: [{ opCodeDesc: line.description.trim(), saleAmount: Number(centsToDecimal(line.priceCents)) }],
            },
            signal: p.signal,
          });
          const id = parseJson(res).serviceLineId;
          pushed.push({ ref: line.ref, dmsLineKey: id === undefined || id === null ? null : String(id) });
        } catch (err) {
          throw err instanceof DmsError ? withPushedLines(err, pushed) : err;
        }
      }
      return pushed;
    },

    async findCustomer(o) {
      const res = await api({ operation: 'customer', method: 'GET', path: `${CUSTOMERS}/${encodeURIComponent(o.dmsKey)}`, signal: o.signal, allow: [404] });
      return res.status === 404 ? null : mapCdkCustomer(parseJson(res));
    },
  };
}
