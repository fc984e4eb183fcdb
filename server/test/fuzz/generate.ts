import type { TRandom } from './prng';
import type { TJsonSchema, TSchemaTools } from './schema';

/**
 * Real ids seen so far, by collection (`customers`, `users`…) and owning company label, from seeds and from `@id`
 * IRIs in answers. `prefer` names the company whose ids the current role mostly uses (the rest probe other tenants).
 */
export interface TIdPool { ids: Map<string, Map<number, string>>; prefer: string | null; preferChance: number }

export function addToPool(pool: TIdPool, collection: string, id: number, owner: string) {
  let m = pool.ids.get(collection);
  if (!m) pool.ids.set(collection, (m = new Map()));
  if (!m.has(id)) m.set(id, owner);
}

/** Walks an answer and remembers every `/api/<collection>/<id>` IRI. */
export function harvestIds(pool: TIdPool, value: unknown, owner: string, depth = 0) {
  if (depth > 8 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 50)) harvestIds(pool, v, owner, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === '@id' && typeof v === 'string') {
      const m = /^\/api\/([a-z_]+)\/(\d{1,15})$/.exec(v);
      if (m) addToPool(pool, m[1]!, Number(m[2]), owner);
    } else harvestIds(pool, v, owner, depth + 1);
  }
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The id collection a field or path segment most likely names: `customerId`, `customer`, `/api/customers/{id}`. */
export function collectionFor(pool: TIdPool, name: string): string | undefined {
  const base = snake(name.replace(/(Id|Iri|Ids|Iris)$/, '').replace(/\[\]$/, ''));
  if (!base) return undefined;
  const keys = [...pool.ids.keys()];
  return keys.find((k) => k === base || k === `${base}s` || k === `${base}es` || k === base.replace(/y$/, 'ies')) ?? keys.find((k) => k.endsWith(`_${base}s`) || k.startsWith(`${base}_`));
}

export function pickId(rnd: TRandom, pool: TIdPool, collection: string | undefined): number | undefined {
  const m = collection ? pool.ids.get(collection) : undefined;
  if (!m || m.size === 0) return undefined;
  const all = [...m.keys()];
  const own = all.filter((id) => m.get(id) === pool.prefer);
  return own.length > 0 && rnd.chance(pool.preferChance) ? rnd.pick(own) : rnd.pick(all);
}

/** Hostile text: NUL, template and path tricks, injections, broken Unicode, very long. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '{+x}'.repeat(64),
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\uD800',
  '𝕏\u202E\u200B',
  '${jndi:ldap://x}',
  'x'.repeat(70_000),
];
/** Values that must not pass as an id (JSON bodies). */
export const BAD_JSON_IDS: unknown[] = [true, false, '0x10', '1e1', -1, 0, 1.5, 1e308, 2 ** 53 + 2, '', [], {}, null];
/** Text that must not pass as an id (paths and queries); a real id stays a real id. */
export const BAD_WIRE_IDS = ['0x10', '1e1', '%201', '1.5', 'true', '-1', '0', '1%20', '9007199254740993', '99999999999999999999', '1%00', '%7B%2Bx%7D', '..%2F..%2Fetc%2Fpasswd', 'NaN'];
/** Plausible but nonexistent ids (foreign keys that point nowhere). */
export const UNKNOWN_IDS = [2_147_483_647, 999_999_999];

const firstNames = ['Ann', 'Bo', 'Chen', 'Dana', 'Eli'];

/** A value for a string property, guided by format and name, checked against the declared pattern. */
function stringFor(rnd: TRandom, s: TJsonSchema, name: string, pool: TIdPool, tools: TSchemaTools): string {
  const format = s.format as string | undefined;
  const tag = rnd.int(1000, 9999);
  const candidates: string[] = [];
  const coll = collectionFor(pool, name);
  const id = pickId(rnd, pool, coll);
  if (id !== undefined) candidates.push(`/api/${coll}/${id}`, String(id));
  if (/zone|^tz$/i.test(name)) candidates.push('America/New_York');
  if (format === 'email' || /email/i.test(name)) candidates.push(`fuzz${tag}@example.com`);
  if (format === 'date-time' || /At$|date|time/i.test(name)) candidates.push(new Date(Date.UTC(2030, 0, 1 + rnd.int(0, 200), 12)).toISOString());
  if (format === 'date') candidates.push('2030-01-15');
  if (format === 'uri' || format === 'url' || /url|endpoint/i.test(name)) candidates.push(`https://example.com/fuzz/${tag}`);
  if (format === 'uuid') candidates.push('3f1c2a9e-5b7d-4c8e-9f00-1a2b3c4d5e6f');
  if (/phone|mobile|number/i.test(name)) candidates.push('+12025550123', `+1202555${tag}`);
  if (/password/i.test(name)) candidates.push(`Fuzz-pass-${tag}`);
  if (/color|colour/i.test(name)) candidates.push('#1a2b3c');
  if (/hour|time|start|end/i.test(name)) candidates.push('09:00', '17:30');
  if (/slug/i.test(name)) candidates.push(`fuzz-${tag}`);
  if (/locale|lang/i.test(name)) candidates.push('en');
  candidates.push(`${rnd.pick(firstNames)} ${tag}`, String(tag), 'a', '1');
  const ok = candidates.filter((c) => tools.check(s, c) === null);
  return ok.length > 0 ? ok[0]! : candidates[0]!;
}

/** A value that matches `schema` when it can (names and pools make ids, IRIs, emails and phones plausible); `full` fills every optional property. */
export function generateValid(opts: { rnd: TRandom; schema: TJsonSchema | undefined; name: string; pool: TIdPool; tools: TSchemaTools; depth?: number; full?: boolean }): unknown {
  const { rnd, pool, tools, name } = opts;
  const depth = opts.depth ?? 0;
  const s = tools.resolve(opts.schema);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return rnd.pick(s.enum.filter((e) => e !== null).length ? s.enum.filter((e) => e !== null) : s.enum);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key] as TJsonSchema[] | undefined;
    if (branches?.length) {
      // Prefer a branch the pools can fill (an integer id over an IRI pattern), else any.
      const b = branches.find((x) => tools.resolve(x).type === 'integer' && collectionFor(pool, name)) ?? rnd.pick(branches);
      return generateValid({ ...opts, schema: b, depth: depth + 1 });
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const parts = (s.allOf as TJsonSchema[]).map((b) => generateValid({ ...opts, schema: b, depth: depth + 1 }));
    const objects = parts.filter((p) => p && typeof p === 'object' && !Array.isArray(p));
    return objects.length === parts.length ? Object.assign({}, ...objects) : parts[0];
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type ?? (s.properties ? 'object' : s.items ? 'array' : undefined)) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, TJsonSchema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [k, ps] of Object.entries(props)) if (required.has(k) || opts.full || rnd.chance(0.6)) out[k] = generateValid({ ...opts, schema: ps, name: k, depth: depth + 1 });
      return out;
    }
    case 'array': {
      const min = (s.minItems as number | undefined) ?? 0;
      const n = Math.max(min, Math.min(rnd.int(0, 2), (s.maxItems as number | undefined) ?? 2));
      return Array.from({ length: n }, () => generateValid({ ...opts, schema: s.items as TJsonSchema, depth: depth + 1 }));
    }
    case 'integer':
    case 'number': {
      const id = pickId(rnd, pool, collectionFor(pool, name));
      if (id !== undefined && tools.check(s, id) === null) return id;
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : s.exclusiveMinimum === true ? (s.minimum as number) + 1 : 1;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
      return Math.min(max, min + rnd.int(0, 20));
    }
    case 'boolean':
      return rnd.chance(0.5);
    case 'string':
      return stringFor(rnd, s, name, pool, tools);
    case 'null':
      return null;
    default:
      return `${rnd.pick(firstNames)}`;
  }
}

/** Paths (as key lists) to every value inside `value`, the root included. */
function valuePaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (value && typeof value === 'object' && prefix.length < 6) for (const [k, v] of Object.entries(value)) valuePaths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], v: unknown): unknown {
  if (path.length === 0) return v;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = v;
  return copy;
}

export interface TBodyMutation { label: string; json: string }

/**
 * One mutation of a valid body: a hostile or wrong-typed value somewhere, extra keys, or a reshaped root. The
 * first draws of an operation (`draw` 0, 1) aim an unknown id and a wrongly typed id at an id-like field, where
 * foreign keys and loose coercion (`true` → 1, `"0x10"` → 16) hide; later draws are random.
 */
export function mutateBody(rnd: TRandom, body: unknown, draw: number): TBodyMutation {
  const paths = valuePaths(body);
  const idPaths = paths.filter((p) => p.length > 0 && /(^id$|Id$|_id$|^company$|^customer|^user|^thread|Group$)/.test(String(p[p.length - 1])));
  const path = idPaths.length && (draw < 2 || rnd.chance(0.5)) ? rnd.pick(idPaths) : rnd.pick(paths);
  const at = path.length ? path.join('.') : '(root)';
  const kind = draw < 3 ? [2, 0, 1][draw]! : rnd.int(0, 6);
  switch (kind) {
    case 0: {
      const v = rnd.pick(BAD_JSON_IDS);
      return { label: `${at}=${JSON.stringify(v)}`, json: JSON.stringify(setAt(body, path, v)) };
    }
    case 1: {
      const v = rnd.pick(HOSTILE_STRINGS);
      return { label: `${at}=${JSON.stringify(v.slice(0, 20))}${v.length > 20 ? `…(${v.length})` : ''}`, json: JSON.stringify(setAt(body, path, v)) };
    }
    case 2: {
      const v = rnd.pick(UNKNOWN_IDS);
      return { label: `${at}=${v} (unknown id)`, json: JSON.stringify(setAt(body, path, v)) };
    }
    case 3: {
      const extra = rnd.pick(['__proto__', 'constructor', 'id', 'company', 'companyId', 'roles', 'fuzzExtra']);
      const isObj = body && typeof body === 'object' && !Array.isArray(body);
      // Written as text: a `__proto__` key set on a JS object would not survive JSON.stringify.
      const json = isObj ? `{${JSON.stringify(extra)}:${rnd.pick(['{"polluted":true}', '1', '"x"', '["ROLE_SUPER_ADMIN"]'])}${Object.keys(body).length ? ',' : ''}${JSON.stringify(body).slice(1)}` : JSON.stringify({ [extra]: 1 });
      return { label: `extra key ${extra}`, json };
    }
    case 4:
      return { label: `${at} wrapped in an array`, json: JSON.stringify(setAt(body, path, [body && path.length === 0 ? body : 1])) };
    case 5:
      return { label: `${at}={}`, json: JSON.stringify(setAt(body, path, rnd.pick([{}, { $gt: '' }, [[]]]))) };
    default:
      return { label: `${at}=${rnd.pick(['1e309 (text)', 'long number'])}`, json: JSON.stringify(setAt(body, path, '__NUM__')).replace('"__NUM__"', rnd.pick(['1e309', '123456789012345678901234567890', '-0'])) };
  }
}

/** JSON nested `depth` levels deep, written as text (no recursion to build or print it). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
