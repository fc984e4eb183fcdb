import { multipartBody, TINY_PNG, type TPart } from '../multipart';
import { BAD_WIRE_IDS, collectionFor, deepJson, generateValid, HOSTILE_STRINGS, mutateBody, pickId, UNKNOWN_IDS, type TIdPool } from './generate';
import type { TRandom } from './prng';
import { readWireValue, type TJsonSchema, type TOperation, type TParameter, type TSchemaTools } from './schema';

export interface TFuzzRequest {
  /** What was varied: valid, path, query, body, multipart, undeclared-multipart, deep. */
  kind: string;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the document says is wrong with this request (then only a 4xx answer is right), or null. */
  invalid: string | null;
}

export interface TFuzzContext {
  rnd: TRandom;
  pool: TIdPool;
  tools: TSchemaTools;
  slugs: string[];
  /** Field names that name free text somewhere in the document (for probing undeclared multipart forms). */
  textFieldNames: string[];
}

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 bytes. */
function encodeWire(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

const JSON_TYPES = /^application\/([a-z.+-]+\+)?json$/;

/** The collection a path's `{param}` points into: the segment before it, e.g. customers for /api/customers/{id}. */
function collectionOfParam(ctx: TFuzzContext, path: string, name: string): string | undefined {
  const segs = path.split('/');
  const i = segs.indexOf(`{${name}}`);
  const before = i > 0 ? segs[i - 1]! : name;
  return collectionFor(ctx.pool, before) ?? collectionFor(ctx.pool, before.split('_').pop() ?? before) ?? collectionFor(ctx.pool, name);
}

function validParam(ctx: TFuzzContext, path: string, p: TParameter): string {
  if (/slug/i.test(p.name)) return ctx.rnd.pick(ctx.slugs);
  const schema = ctx.tools.resolve(p.schema);
  const coll = p.in === 'path' ? collectionOfParam(ctx, path, p.name) : collectionFor(ctx.pool, p.name);
  const id = pickId(ctx.rnd, ctx.pool, coll);
  if (id !== undefined) {
    // A real id of either company, as a number or as an IRI, whichever the parameter takes.
    const fits = (raw: string) => readWireValue(raw, schema, ctx.tools).some((v) => ctx.tools.check(schema, v) === null);
    const asText = [String(id), `/api/${coll}/${id}`].find(fits);
    if (asText) return asText;
  }
  const v = generateValid({ ...ctx, schema, name: p.name });
  return Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** Checks the path and query the way the document reads them; returns what is wrong or null. */
function paramProblem(ctx: TFuzzContext, op: TOperation, raw: { path: Record<string, string>; query: [string, string][] }): string | null {
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = ctx.tools.resolve(p.schema);
    const values = p.in === 'path' ? (raw.path[p.name] !== undefined ? [raw.path[p.name]!] : []) : raw.query.filter(([k]) => k === p.name).map(([, v]) => v);
    if (values.length === 0) {
      if (p.required) return `${p.in} ${p.name} missing`;
      continue;
    }
    const decoded = values.map((v) => {
      try {
        return decodeURIComponent(v);
      } catch {
        return v;
      }
    });
    if (schema.type === 'array') {
      const items = ctx.tools.resolve(schema.items as TJsonSchema);
      const read = decoded.map((v) => readWireValue(v, items, ctx.tools));
      if (read.some((r) => r.length === 0)) return `${p.in} ${p.name}=${values.join(',')} is not ${JSON.stringify(items.type)}`;
      if (ctx.tools.check(schema, read.map((r) => r[0])) !== null) return `${p.in} ${p.name}=${values.join(',').slice(0, 40)} breaks its schema`;
      continue;
    }
    const candidates = readWireValue(decoded[decoded.length - 1]!, schema, ctx.tools);
    if (!candidates.some((c) => ctx.tools.check(schema, c) === null)) return `${p.in} ${p.name}=${values[values.length - 1]!.slice(0, 40)} breaks its schema`;
  }
  return null;
}

function bodyProblem(ctx: TFuzzContext, schema: TJsonSchema | undefined, json: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'body is not JSON';
  }
  if (!schema) return null;
  const err = ctx.tools.check(schema, value);
  return err ? `body: ${err.slice(0, 120)}` : null;
}

function buildUrl(path: string, pathValues: Record<string, string>, query: [string, string][]): string {
  const p = path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValues[name] ?? '');
  return query.length ? `${p}?${query.map(([k, v]) => `${encodeWire(k)}=${v}`).join('&')}` : p;
}

/**
 * A few requests for one operation: valid-looking ones from the document, then mutations of path ids, query
 * values and bodies (JSON and multipart), deep nesting. `runs` scales how many mutations are drawn.
 */
export function buildRequests(ctx: TFuzzContext, opts: { path: string; method: string; op: TOperation; runs: number; sweepFreeText?: boolean }): TFuzzRequest[] {
  const { rnd } = ctx;
  const { path, method, op } = opts;
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const bodyContent = op.requestBody?.content ?? {};
  const jsonType = Object.keys(bodyContent).find((t) => JSON_TYPES.test(t));
  const bodySchema = jsonType ? bodyContent[jsonType]!.schema : undefined;
  const multipartSchema = bodyContent['multipart/form-data']?.schema;
  const out: TFuzzRequest[] = [];

  const validValues = () => {
    const pathValues: Record<string, string> = {};
    const query: [string, string][] = [];
    for (const p of params) {
      if (p.in === 'path') pathValues[p.name] = encodeWire(validParam(ctx, path, p));
      else if (p.required || rnd.chance(0.4)) query.push([p.name, encodeWire(validParam(ctx, path, p))]);
    }
    return { pathValues, query };
  };
  const add = (kind: string, label: string, v: { pathValues: Record<string, string>; query: [string, string][] }, body?: { json?: string; type?: string; multipart?: TPart[] }) => {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    let invalid = paramProblem(ctx, op, { path: v.pathValues, query: v.query });
    if (body?.multipart) {
      const mp = multipartBody(body.multipart);
      payload = mp.payload;
      Object.assign(headers, mp.headers);
    } else if (body?.json !== undefined) {
      payload = body.json;
      headers['content-type'] = body.type ?? jsonType ?? 'application/json';
      if (bodySchema || op.requestBody) invalid ??= bodyProblem(ctx, bodySchema, body.json);
    } else if (op.requestBody?.required && !multipartSchema) invalid ??= 'required body missing';
    out.push({ kind, label, method: method.toUpperCase(), url: buildUrl(path, v.pathValues, v.query), headers, payload, invalid });
  };
  const validBody = () => (bodySchema ? generateValid({ ...ctx, schema: bodySchema, name: 'body' }) : undefined);
  if (opts.sweepFreeText) {
    // Every hostile string in every free-text query parameter: the random draws reach a given pair only now and then.
    for (const p of params.filter((x) => x.in === 'query' && isFreeText(ctx.tools.resolve(x.schema)))) {
      for (const hostile of HOSTILE_STRINGS) {
        const v = validValues();
        const bad = encodeWire(hostile.slice(0, 2000));
        add('query', `query ${p.name}=${bad.slice(0, 30)}`, { ...v, query: [...v.query.filter(([k]) => k !== p.name), [p.name, bad]] });
      }
    }
    return out;
  }
  const writes = method !== 'get' && method !== 'delete';

  // Valid-looking requests (a multipart operation also gets its form).
  for (let i = 0; i < 2; i++) {
    const body = validBody();
    add('valid', 'valid', validValues(), body === undefined ? undefined : { json: JSON.stringify(body) });
  }
  if (multipartSchema) add('valid', 'valid multipart', validValues(), { multipart: multipartParts(ctx, multipartSchema, null) });

  const kinds: string[] = [];
  if (params.some((p) => p.in === 'path')) kinds.push('path-id', 'path-id');
  if (params.some((p) => p.in === 'query')) kinds.push('query');
  if (bodySchema) kinds.push('body', 'body', 'body');
  if (multipartSchema) kinds.push('multipart', 'multipart');
  if (writes && !bodySchema && !multipartSchema) kinds.push('undeclared-multipart');
  if (kinds.length === 0) kinds.push('query-extra');
  // Every kind at least once per operation and role (so a run always covers each class), more with FUZZ_RUNS.
  const draws = Math.max(kinds.length, opts.runs * 5);
  let bodyDraw = 0;
  let pathDraw = 0;
  for (let i = 0; i < draws; i++) {
    const kind = i < kinds.length ? kinds[i]! : rnd.pick(kinds);
    const v = validValues();
    const body = validBody();
    const jsonBody = body === undefined ? undefined : { json: JSON.stringify(body) };
    if (kind === 'path-id') {
      const p = rnd.pick(params.filter((x) => x.in === 'path'));
      // The first path draw is a loosely coercible number (0x10, 1e1, " 1"…); later ones anything.
      const bad = pathDraw++ === 0 ? rnd.pick(BAD_WIRE_IDS.slice(0, 8)) : rnd.chance(0.2) ? String(rnd.pick(UNKNOWN_IDS)) : rnd.chance(0.2) ? encodeWire(rnd.pick(HOSTILE_STRINGS).slice(0, 300)) : rnd.pick(BAD_WIRE_IDS);
      v.pathValues[p.name] = bad;
      add('path', `path ${p.name}=${bad.slice(0, 30)}`, v, jsonBody);
    } else if (kind === 'query' || kind === 'query-extra') {
      const p = params.find((x) => x.in === 'query') ? rnd.pick(params.filter((x) => x.in === 'query')) : { name: rnd.pick(['page', 'id', 'company', 'order[id]']), in: 'query' as const };
      const bad = rnd.chance(0.5) ? rnd.pick(BAD_WIRE_IDS) : encodeWire(rnd.pick(HOSTILE_STRINGS).slice(0, 2000));
      const query = v.query.filter(([k]) => k !== p.name);
      query.push([p.name, bad]);
      if (rnd.chance(0.2)) query.push([p.name, bad]);
      add('query', `query ${p.name}=${bad.slice(0, 30)}`, { ...v, query }, jsonBody);
    } else if (kind === 'body') {
      // Mutate a body with every optional field present, so an optional id (a foreign key) can be hit.
      const m = mutateBody(rnd, generateValid({ ...ctx, schema: bodySchema, name: 'body', full: true }), bodyDraw++);
      add('body', `body ${m.label}`, v, { json: m.json });
    } else if (kind === 'multipart') {
      add('multipart', 'multipart with hostile text', v, { multipart: multipartParts(ctx, multipartSchema!, rnd.pick(HOSTILE_STRINGS)) });
    } else {
      add('undeclared-multipart', 'undeclared multipart form with NUL text', v, { multipart: undeclaredProbe(ctx) });
    }
  }
  // Deep nesting reaches the JSON parser of every operation that takes a body, declared or not.
  if (writes) add('deep', `body nested 10000 deep`, validValues(), { json: deepJson(10_000, rnd.chance(0.5) ? 'array' : 'object') });
  return out;
}

function isFreeText(s: TJsonSchema): boolean {
  return s.type === 'string' && !s.enum && !s.format && !s.pattern;
}

/** Form parts from a multipart schema; `hostile` replaces the value of one text field. */
function multipartParts(ctx: TFuzzContext, schema: TJsonSchema, hostile: string | null): TPart[] {
  const s = ctx.tools.resolve(schema);
  const props = (s.properties ?? {}) as Record<string, TJsonSchema>;
  const parts: TPart[] = [];
  const textNames: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const ps = ctx.tools.resolve(raw);
    const item = ps.type === 'array' ? ctx.tools.resolve(ps.items as TJsonSchema) : ps;
    if (item.format === 'binary' || item.format === 'base64') parts.push({ name, filename: 'fuzz.png', contentType: 'image/png', data: TINY_PNG });
    else {
      const v = generateValid({ ...ctx, schema: ps, name });
      parts.push({ name, value: typeof v === 'string' ? v : JSON.stringify(v) });
      if (item.type === 'string' && !item.enum && !item.format) textNames.push(name);
    }
  }
  if (hostile !== null) {
    const name = textNames.length ? ctx.rnd.pick(textNames) : 'fuzzExtra';
    const part = parts.find((p) => p.name === name);
    if (part && 'value' in part) part.value = hostile;
    else parts.push({ name, value: hostile });
  }
  return parts;
}

/**
 * An operation that declares no body may still read a form (files and text). A small form — a file, real ids
 * under id-like names, NUL-bearing text under a few free-text names the document uses elsewhere — must not
 * break it. Kept under the multipart field limit so the probe reaches the handler.
 */
function undeclaredProbe(ctx: TFuzzContext): TPart[] {
  const parts: TPart[] = [{ name: 'file[]', filename: 'fuzz.png', contentType: 'image/png', data: TINY_PNG }];
  const collections = [...ctx.pool.ids].filter(([, ids]) => ids.size > 0);
  for (let i = 0; i < 3 && collections.length; i++) {
    const [coll] = ctx.rnd.pick(collections);
    const singular = coll.replace(/ies$/, 'y').replace(/s$/, '');
    const camel = singular.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    parts.push({ name: ctx.rnd.pick([`${camel}Id`, `${singular}_id`, camel]), value: String(pickId(ctx.rnd, ctx.pool, coll)) });
  }
  for (let i = 0; i < 4 && ctx.textFieldNames.length; i++) parts.push({ name: ctx.rnd.pick(ctx.textFieldNames), value: 'fuzz\u0000text' });
  return parts;
}
