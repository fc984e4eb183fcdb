import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, problemClass } from './fuzz/check';
import { addToPool, harvestIds, type TIdPool } from './fuzz/generate';
import { forkRandom } from './fuzz/prng';
import { buildRequests, type TFuzzContext, type TFuzzRequest } from './fuzz/requests';
import { createSchemaTools, type TJsonSchema, type TOpenApiDoc, type TOperation } from './fuzz/schema';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from './helpers';

/**
 * Issue 11, "how to prove it": every operation of the OpenAPI document, as every role, with a few seeded
 * requests (valid-looking ones from the document, then hostile mutations). Each answer must be below 500, have
 * a status the operation declares, match the schema declared for that status, refuse what the document calls
 * invalid, and refuse anonymous callers where a token is required. FUZZ_SEED replays a run; FUZZ_RUNS scales it.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
/** Optional regular expression on the path, to fuzz a few operations while working on them. */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `company` labels the ids a role creates and mostly uses (A, B, or null for roles of no company). */
interface TRole { name: string; token: string | null; company: string | null }
interface TFailure { op: string; role: string; kind: string; request: string; status: number; problem: string; body: string }

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let doc: TOpenApiDoc;
let roles: TRole[];
let warmUpRoles: TRole[];

beforeAll(async () => {
  // Sign-in limits would answer 429 to the fuzzer's many /api/login calls: the limiter has its own tests.
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  const tokenOf = async (email: string) => (await login(t.app, email)).token;
  // Least powerful first, so an admin's or super admin's destructive calls cannot cut short a weaker role's run.
  roles = [
    { name: 'anonymous', token: null, company: null },
    { name: 'agent A', token: await tokenOf(a.agent.email), company: 'A' },
    { name: 'admin A', token: await tokenOf(a.admin.email), company: 'A' },
    { name: 'super admin', token: await tokenOf(root.email), company: null },
  ];
  warmUpRoles = [roles[2]!, { name: 'admin B', token: await tokenOf(b.admin.email), company: 'B' }];
}, 120_000);
afterAll(() => t?.close());

/** Reads first, then writes, then what destroys state (sign-out, disabling, deleting) last. */
function rankOf(path: string, method: string): number {
  const destructive = /logout|enabled|disable|change_password|roles|toggle_module|archive|merge|remove_scheduled/.test(path);
  return { get: 0, post: 1, put: 2, patch: 2, delete: 4 }[method as 'get']! + (destructive ? 3 : 0);
}

/** Free-text property names used by request bodies anywhere in the document. */
function textFieldNames(d: TOpenApiDoc, tools: ReturnType<typeof createSchemaTools>): string[] {
  const names = new Set<string>();
  const walk = (schema: TJsonSchema | undefined, depth: number) => {
    const s = tools.resolve(schema);
    if (depth > 5) return;
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, TJsonSchema>)) {
      const ps = tools.resolve(v);
      if (ps.type === 'string' && !ps.enum && !ps.format && !ps.pattern && !/password|email|phone/i.test(k)) names.add(k);
      walk(ps, depth + 1);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const x of (s[key] as TJsonSchema[] | undefined) ?? []) walk(x, depth + 1);
  };
  for (const ops of Object.values(d.paths)) for (const op of Object.values(ops)) for (const m of Object.values(op.requestBody?.content ?? {})) walk(m.schema, 0);
  return [...names].sort();
}

describe('OpenAPI fuzz', () => {
  it('every operation, as every role, answers as its document declares', async () => {
    console.log(`openapi-fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set FUZZ_SEED to replay)`);
    const started = performance.now();
    const tools = createSchemaTools(doc);
    const pool: TIdPool = { ids: new Map(), prefer: null, preferChance: 1 };
    for (const [label, c] of [['A', a], ['B', b]] as const) {
      addToPool(pool, 'companies', c.companyId, label);
      for (const u of [c.admin, c.agent, c.user2]) addToPool(pool, 'users', u.id, label);
    }
    const ctxFor = (label: string): TFuzzContext => ({ rnd: forkRandom(SEED, label), pool, tools, slugs: [a.slug, b.slug], textFieldNames: textFieldNames(doc, tools) });

    // The SSE hub (/.well-known/mercure) streams until the client leaves, which inject cannot do; live.test.ts
    // covers it with a bounded stream. The documentation routes describe the document itself.
    const allOperations = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/docs') && path !== '/.well-known/mercure')
      .flatMap(([path, ops]) => METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method] as TOperation })))
      .sort((x, y) => rankOf(x.path, x.method) - rankOf(y.path, y.method) || x.path.localeCompare(y.path));
    expect(allOperations.length).toBeGreaterThan(50);
    const operations = allOperations.filter((o) => !ONLY || ONLY.test(o.path));

    const failures: TFailure[] = [];
    let sent = 0;
    // Warm-up answers of operations outside FUZZ_ONLY only feed the pools.
    const send = async (role: TRole, o: (typeof allOperations)[number], req: TFuzzRequest) => {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...req.headers, ...(role.token ? bearer(role.token) : {}) },
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      });
      sent++;
      const contentType = res.headers['content-type'] as string | undefined;
      if (contentType && /json/.test(contentType) && res.body.length < 1_000_000) {
        try {
          harvestIds(pool, JSON.parse(res.body), role.company ?? '?');
        } catch {
          // Not JSON after all: checkAnswer reports it.
        }
      }
      if (!operations.includes(o)) return;
      const problems = checkAnswer({ doc, op: o.op, tools, answer: { status: res.statusCode, contentType, body: res.body }, invalid: req.invalid, anonymous: role.token === null });
      for (const problem of problems)
        failures.push({ op: `${o.method.toUpperCase()} ${o.path}`, role: role.name, kind: req.kind, request: `${req.label} → ${req.url.slice(0, 120)}`, status: res.statusCode, problem, body: res.body.slice(0, 200) });
    };

    // Warm-up: both companies' admins create one of everything with their own ids, so later ids point at real rows of A and B.
    for (const role of warmUpRoles)
      for (const o of allOperations.filter((x) => x.method === 'post' && !x.path.includes('{') && x.op.requestBody && !/logout|login|token|forgot/.test(x.path)))
        for (const req of buildRequests(ctxFor(`warm ${role.name} ${o.path}`), { ...o, runs: RUNS }).filter((r) => r.label === 'valid')) {
          pool.prefer = role.company;
          await send(role, o, req);
        }

    pool.preferChance = 0.75;
    for (const role of roles)
      for (const o of operations) {
        pool.prefer = role.company;
        for (const req of buildRequests(ctxFor(`${role.name} ${o.method} ${o.path}`), { ...o, runs: RUNS })) await send(role, o, req);
      }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // One line per operation × role × kind of problem (first example, how many times), then counts per kind.
    const grouped = new Map<string, { first: TFailure; count: number }>();
    for (const f of failures) {
      const key = `${f.op} [${f.role}] ${problemClass(f.problem)}`;
      const g = grouped.get(key);
      if (g) g.count++;
      else grouped.set(key, { first: f, count: 1 });
    }
    const classes = new Map<string, number>();
    // 5xx split by what the request varied (deep nesting, a path id, a multipart field…) to point at the cause.
    const classOf = (f: TFailure) => (f.problem.startsWith('5xx') ? `5xx after ${f.kind} request` : problemClass(f.problem));
    for (const f of failures) classes.set(classOf(f), (classes.get(classOf(f)) ?? 0) + 1);
    const summary = [...classes].sort((x, y) => y[1] - x[1]).map(([k, n]) => `${String(n).padStart(5)} × ${k}`);
    console.log(`openapi-fuzz: ${sent} requests, ${operations.length} operations, ${roles.length} roles in ${seconds}s; ${failures.length} failures, seed ${SEED}\n${summary.join('\n')}`);
    const lines = [...grouped.values()].map(({ first: f, count }) => `${f.op} [${f.role}] ${f.request} → ${f.status}: ${f.problem}${count > 1 ? ` (×${count})` : ''} | ${f.body}`);
    expect(lines, `FUZZ_SEED=${SEED}: ${failures.length} failures\n${summary.join('\n')}`).toEqual([]);
  }, 300_000);

  it('every free-text query parameter of every read takes every hostile string and answers as declared', async () => {
    const tools = createSchemaTools(doc);
    const pool: TIdPool = { ids: new Map(), prefer: null, preferChance: 1 };
    const problems: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op || path.startsWith('/api/docs') || path === '/.well-known/mercure' || (ONLY && !ONLY.test(path))) continue;
      for (const role of [roles[2]!, roles[3]!]) {
        const ctx: TFuzzContext = { rnd: forkRandom(SEED, `sweep ${role.name} ${path}`), pool, tools, slugs: [a.slug, b.slug], textFieldNames: [] };
        for (const req of buildRequests(ctx, { path, method: 'get', op, runs: 1, sweepFreeText: true })) {
          const res = await t.app.inject({ method: 'GET', url: req.url, headers: role.token ? bearer(role.token) : {} });
          sent++;
          for (const problem of checkAnswer({ doc, op, tools, answer: { status: res.statusCode, contentType: res.headers['content-type'] as string | undefined, body: res.body }, invalid: req.invalid, anonymous: false }))
            problems.push(`GET ${path} [${role.name}] ${req.label}: ${problem} | ${res.body.slice(0, 160)}`);
        }
      }
    }
    console.log(`openapi-fuzz sweep: ${sent} requests`);
    expect(sent).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 300_000);
});
