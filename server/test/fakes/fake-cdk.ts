/**
 * A fake CDK Fortellis for tests (protocols/dms-and-payments.md §2.7): real HTTP on 127.0.0.1 serving the token
 * endpoint (Basic apiKey:apiSecret, client_credentials, scope anonymous, expiring tokens), the gateway checks
 * (Bearer, Subscription-Id, Request-Id echoed, Department-Id on the bulk API), Get Repair Order v3 as async bulk jobs
 * (202 → status polls → result), Repair Orders v1 (read, add service line, service-advisor lookup) and Customers v1.
 * Payload shapes follow §2.4/§2.5 (partly CONSTRUCTED there). Failures can be injected (429, 5xx, delays).
 * Written apart from src/ on purpose.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_CDK_TOKEN_PATH = '/oauth2/aus1p1ixy7YL8cMq02p7/v1/token';
const DAY_MS = 86_400_000;

export interface TFakeCdkRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

export interface TFakeCdkRepairOrder {
  record: Record<string, unknown>;
  status: 'open' | 'closed';
  /** when it last changed (delta queries) */
  modifiedAt: Date;
  /** when it closed (closed queries) */
  closedAt: Date | null;
  serviceLineItems: Array<{ serviceLineId: string; serviceRequest: string; laborOperations: unknown[] }>;
}

export interface TFakeCdk {
  baseUrl: string;
  tokenUrl: string;
  apiKey: string;
  apiSecret: string;
  subscriptionId: string;
  departmentId: string;
  requests: TFakeCdkRequest[];
  repairOrders: TFakeCdkRepairOrder[];
  /** How many tokens were issued. */
  tokensIssued(): number;
  /** Lifetime the token endpoint announces (`expires_in`, seconds). */
  setTokenTtl(seconds: number): void;
  /** Revokes every token issued so far (the next API call gets 401 INVALID-TOKEN). */
  revokeTokens(): void;
  /** Status polls a bulk job answers `received` before `complete`. */
  setPollsBeforeComplete(n: number): void;
  /** The next n API calls (token endpoint excluded) answer `status`; 429 carries Retry-After. */
  failNext(n: number, status: number, opts?: { retryAfter?: string; code?: string }): void;
  delayNext(ms: number, n?: number): void;
  close(): Promise<void>;
}

export function sampleCdkRepairOrder(): Record<string, unknown> {
  return {
    roNumber: '5656',
    hostItemId: 'HI5656',
    openDate: '2024-05-01',
    openTime: '08:15',
    closedDate: null,
    postedDate: null,
    statusCode: 'I93',
    statusDesc: 'PREASSIGNED',
    serviceAdvisor: 6164,
    customer: {
      customerId: '800245',
      name1: 'SMITH, ANNA',
      address: { addressLine1: '12 ELM ST', cityStateZip: 'SPRINGFIELD IL 62701' },
      phoneNumbers: [
        { number: '(312) 555-0199', description: 'CELL' },
        { number: '0', description: 'WORK' },
      ],
      emailAddresses: [{ address: 'Anna.Smith@example.com', desc: 'HOME' }],
    },
    vehicle: { vin: '1hgcm82633a004352', make: 'HONDA', model: 'ACCORD', year: '2003', licenseNumber: 'ABC123' },
    mileage: '87665',
    promisedDate: '2024-05-01',
    promisedTime: '17:00',
    tagNo: '3088',
    operations: [
      {
        line: {
          lineCode: 'A',
          serviceRequest: 'CUSTOMER STATES THERE IS A CLUNKING SOUND IN FRONT END OVER BUMPS',
          statusCode: 'I',
          statusDesc: 'IN PROCESS',
          laborOperations: [
            { opCode: 'SSTR', opCodeDesc: 'SUSPENSION AND STEERING REPAIR', sale: '7.00', soldHours: '0.20', parts: [{ partNumber: 'P9488', sale: '30.00' }] },
          ],
        },
      },
    ],
    totals: [{ payType: 'C', roSale: '37.00', laborSale: '7.00', partsSale: '30.00' }],
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeCdk(opts: { apiKey?: string; apiSecret?: string; subscriptionId?: string; departmentId?: string } = {}): Promise<TFakeCdk> {
  const apiKey = opts.apiKey ?? 'testApiKey';
  const apiSecret = opts.apiSecret ?? 'testApiSecret';
  const subscriptionId = opts.subscriptionId ?? randomUUID();
  const departmentId = opts.departmentId ?? 'SERVICE-01';
  const requests: TFakeCdkRequest[] = [];
  const tokens = new Map<string, number>(); // token → expiry (ms)
  const jobs = new Map<string, { polls: number; data: unknown[] }>();
  const failures: Array<{ status: number; retryAfter?: string; code?: string }> = [];
  const delays: number[] = [];
  let ttlSeconds = 3600;
  let pollsBeforeComplete = 1;
  let issued = 0;
  const repairOrders: TFakeCdkRepairOrder[] = [
    { record: sampleCdkRepairOrder(), status: 'open', modifiedAt: new Date(), closedAt: null, serviceLineItems: [] },
    {
      record: {
        ...sampleCdkRepairOrder(),
        roNumber: '5601',
        statusCode: 'C98',
        statusDesc: 'CLOSED',
        closedDate: '2024-04-20',
        postedDate: '2024-04-22T15:30:00Z',
      },
      status: 'closed',
      modifiedAt: new Date(Date.now() - 3 * DAY_MS),
      closedAt: new Date(Date.now() - 3 * DAY_MS),
      serviceLineItems: [],
    },
  ];
  repairOrders[0]!.serviceLineItems.push({
    serviceLineId: 'A',
    serviceRequest: 'CUSTOMER STATES THERE IS A CLUNKING SOUND IN FRONT END OVER BUMPS',
    laborOperations: [],
  });

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
    if (!res.destroyed) {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    }
    return status;
  }
  const gateway = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { code, message }, headers);

  function token(req: IncomingMessage, body: string, res: ServerResponse): number {
    const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    const form = new URLSearchParams(body);
    if (req.headers.authorization !== expected)
      return json(res, 401, { error: 'invalid_client', error_description: 'Invalid value for client_id or client_secret' });
    if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'anonymous') return json(res, 400, { error: 'invalid_scope' });
    const accessToken = `eyJ${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + ttlSeconds * 1000);
    issued++;
    return json(res, 200, { token_type: 'Bearer', expires_in: ttlSeconds, access_token: accessToken, scope: 'anonymous' });
  }

  function bulkStart(res: ServerResponse, url: URL, kind: string, echo: Record<string, string>): number {
    const start = Date.parse(url.searchParams.get('startDate') ?? '');
    const end = Date.parse(url.searchParams.get('endDate') ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start)
      return gateway(res, 400, 'INVALID-REQUEST', 'startDate and endDate are required', echo);
    const limit = kind.endsWith('/delta') ? 2 * DAY_MS : 31 * DAY_MS;
    if (end - start > limit)
      return gateway(res, 400, 'INVALID-REQUEST', `The date range may not exceed ${kind.endsWith('/delta') ? '48 hours' : '31 days'}`, echo);
    const wantClosed = kind.startsWith('closed');
    const data = repairOrders
      .filter((r) => (wantClosed ? r.status === 'closed' : r.status === 'open'))
      .filter((r) => {
        const t = (wantClosed ? r.closedAt : kind.endsWith('/delta') ? r.modifiedAt : new Date(`${String(r.record.openDate)}T12:00:00Z`))!.getTime();
        return kind === 'open' || (t >= start && t <= end);
      })
      .map((r) => ({ ...r.record, operations: r.record.operations }));
    const operationId = randomUUID();
    jobs.set(operationId, { polls: 0, data });
    const now = new Date().toISOString();
    const href = (what: string) => ({ href: `${url.origin}/cdk/drive/servicerepairorder/v3/long-operations/${operationId}/${what}` });
    return json(
      res,
      202,
      {
        operationId,
        status: 'received',
        receivedDateTime: now,
        updatedDateTime: now,
        checkStatusAfterSeconds: 30,
        _links: { status: href('status'), result: href('result') },
      },
      echo,
    );
  }

  function api(req: IncomingMessage, url: URL, body: string, res: ServerResponse): number {
    const echo: Record<string, string> = { 'request-id': (req.headers['request-id'] as string | undefined) ?? randomUUID() };
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ')) return gateway(res, 401, 'MISSING-AUTHORIZATION', 'Authorization header is missing', echo);
    const expiry = tokens.get(auth.slice(7));
    if (expiry === undefined) return gateway(res, 401, 'INVALID-TOKEN', 'The token is not valid', echo);
    if (expiry <= Date.now()) return gateway(res, 403, 'TOKEN-EXPIRED', 'The token has expired', echo);
    const sub = req.headers['subscription-id'];
    if (!sub) return gateway(res, 401, 'MISSING-SUBSCRIPTION-ID', 'Subscription-Id header is missing', echo);
    if (sub !== subscriptionId) return gateway(res, 401, 'SUBSCRIPTION-MISMATCH', 'The subscription does not match', echo);
    const failure = failures.shift();
    if (failure)
      return gateway(res, failure.status, failure.code ?? (failure.status === 429 ? 'QUOTA-EXCEEDED' : 'TARGET-SYSTEM-UNREACHABLE'), 'Injected failure', {
        ...echo,
        ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}),
      });
    const path = url.pathname;
    const bulk = /^\/cdk\/drive\/servicerepairorder\/v3\/(.+)$/.exec(path);
    if (bulk) {
      if (req.headers['department-id'] !== departmentId) return gateway(res, 400, 'INVALID-REQUEST', 'Department-Id must indicate a Service department', echo);
      const rest = bulk[1]!;
      const op = /^long-operations\/([\w-]+)\/(status|result)$/.exec(rest);
      if (op) {
        const job = jobs.get(op[1]!);
        if (!job) return gateway(res, 404, 'NOT-FOUND', 'Unknown operation', echo);
        if (op[2] === 'status') {
          job.polls++;
          const done = job.polls > pollsBeforeComplete;
          return json(res, 200, { operationId: op[1], status: done ? 'complete' : 'received', checkStatusAfterSeconds: done ? null : 30 }, echo);
        }
        if (job.polls <= pollsBeforeComplete) return gateway(res, 409, 'NOT-READY', 'The operation is not complete', echo);
        return json(res, 200, { data: job.data }, echo);
      }
      if (['open', 'open/delta', 'closed', 'closed/delta'].includes(rest) && req.method === 'GET') return bulkStart(res, url, rest, echo);
      return gateway(res, 404, 'API-DOES-NOT-EXIST', 'No such API', echo);
    }
    if (path === '/cdkdrive/service/v1/repair-orders/lookups/serviceAdvisors')
      return json(
        res,
        200,
        {
          items: [
            { serviceAdvisorId: '6164', name: 'JANE ADVISOR', email: 'jane@dealer.example' },
            { serviceAdvisorId: '7001', firstName: 'OLD', lastName: 'TIMER', active: false },
          ],
        },
        echo,
      );
    const ro = /^\/cdkdrive\/service\/v1\/repair-orders\/([^/]+)(\/service-lines)?$/.exec(path);
    if (ro) {
      const found = repairOrders.find((r) => r.record.roNumber === decodeURIComponent(ro[1]!) && r.status === 'open');
      if (!found) return gateway(res, 404, 'NOT-FOUND', 'Repair order not found', echo);
      if (!ro[2] && req.method === 'GET') return json(res, 200, { repairOrderId: found.record.roNumber, serviceLineItems: found.serviceLineItems }, echo);
      if (ro[2] && req.method === 'POST') {
        let line: { serviceRequest?: unknown; laborOperations?: unknown };
        try {
          line = JSON.parse(body) as typeof line;
        } catch {
          return gateway(res, 400, 'INVALID-REQUEST', 'Body is not JSON', echo);
        }
        if (req.headers['content-type'] !== 'application/json' || typeof line.serviceRequest !== 'string' || !Array.isArray(line.laborOperations))
          return gateway(res, 400, 'INVALID-REQUEST', 'serviceRequest and laborOperations are required', echo);
        const item = {
          serviceLineId: String.fromCharCode(65 + found.serviceLineItems.length),
          serviceRequest: line.serviceRequest,
          laborOperations: line.laborOperations,
        };
        found.serviceLineItems.push(item);
        found.modifiedAt = new Date();
        return json(res, 201, item, echo);
      }
    }
    const customer = /^\/cdkdrive\/crm\/v1\/customers\/([^/]+)$/.exec(path);
    if (customer && req.method === 'GET') {
      if (customer[1] !== '800245') return json(res, 404, { code: 404, message: 'Customer not found' }, echo);
      return json(
        res,
        200,
        { customerId: '800245', firstName: 'ANNA', lastName: 'SMITH', phones: [{ value: '3125550199' }], emails: [{ value: 'anna.smith@example.com' }] },
        { ...echo, etag: '"1"' },
      );
    }
    return gateway(res, 404, 'API-DOES-NOT-EXIST', 'No such API', echo);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const entry: TFakeCdkRequest = { method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body, status: 0 };
      requests.push(entry);
      const delay = delays.shift();
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      entry.status =
        url.pathname === FAKE_CDK_TOKEN_PATH && req.method === 'POST' ? token(req, body, res) : api(req, new URL(url.pathname + url.search, origin), body, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    tokenUrl: `${baseUrl}${FAKE_CDK_TOKEN_PATH}`,
    apiKey,
    apiSecret,
    subscriptionId,
    departmentId,
    requests,
    repairOrders,
    tokensIssued: () => issued,
    setTokenTtl: (s) => {
      ttlSeconds = s;
    },
    revokeTokens: () => tokens.clear(),
    setPollsBeforeComplete: (n) => {
      pollsBeforeComplete = n;
    },
    failNext: (n, status, o = {}) => failures.push(...Array.from({ length: n }, () => ({ status, ...o }))),
    delayNext: (ms, n = 1) => delays.push(...Array<number>(n).fill(ms)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
