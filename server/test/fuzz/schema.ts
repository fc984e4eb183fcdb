import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.0 document the fuzzer reads. */
export type TJsonSchema = Record<string, unknown>;
export interface TParameter { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: TJsonSchema }
export interface TMedia { schema?: TJsonSchema }
export interface TResponse { description?: string; content?: Record<string, TMedia> }
export interface TOperation {
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content?: Record<string, TMedia> };
  responses?: Record<string, TResponse>;
  security?: Record<string, string[]>[];
}
export interface TOpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TJsonSchema> };
  security?: Record<string, string[]>[];
}

const REF_PREFIX = '#/components/schemas/';
const DOC_ID = 'openapi-components';

/**
 * OpenAPI 3.0 schema → JSON Schema draft-07 for ajv: `nullable` becomes a `null` alternative, boolean
 * `exclusiveMinimum/Maximum` become numeric, component `$ref`s point into the registered components.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const src = schema as TJsonSchema;
  const out: TJsonSchema = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'nullable' || k === 'example' || k === 'discriminator' || k === 'xml') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) out.$ref = `${DOC_ID}#/definitions/${v.slice(REF_PREFIX.length)}`;
    else if (k === 'properties' && v && typeof v === 'object') out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, toJsonSchema(s)]));
    else out[k] = toJsonSchema(v);
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (src[flag] === true && typeof src[bound] === 'number') {
      out[flag] = src[bound];
      delete out[bound];
    } else if (src[flag] === false) delete out[flag];
  }
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

export interface TSchemaTools {
  /** Errors of `value` against `schema` (an OpenAPI 3.0 schema), or null when it matches. */
  check(schema: TJsonSchema, value: unknown): string | null;
  /** `schema` with a top-level component `$ref` resolved (for the generator). */
  resolve(schema: TJsonSchema | undefined): TJsonSchema;
}

export function createSchemaTools(doc: TOpenApiDoc): TSchemaTools {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const components = doc.components?.schemas ?? {};
  ajv.addSchema({ $id: DOC_ID, definitions: Object.fromEntries(Object.entries(components).map(([k, s]) => [k, toJsonSchema(s)])) });
  const cache = new Map<TJsonSchema, ValidateFunction>();
  return {
    check(schema, value) {
      let fn = cache.get(schema);
      if (!fn) {
        fn = ajv.compile(toJsonSchema(schema) as TJsonSchema);
        cache.set(schema, fn);
      }
      if (fn(value)) return null;
      return ajv.errorsText(fn.errors, { dataVar: 'value' });
    },
    resolve(schema) {
      let s = schema ?? {};
      for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = components[(s.$ref as string).slice(REF_PREFIX.length)] ?? {};
      return s;
    },
  };
}

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The schema's primary type, looking through a single-branch anyOf/allOf wrapper. */
function primaryTypes(schema: TJsonSchema, tools: TSchemaTools): string[] {
  const s = tools.resolve(schema);
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type as string[];
  const branches = (s.anyOf ?? s.oneOf ?? s.allOf) as TJsonSchema[] | undefined;
  return branches ? branches.flatMap((b) => primaryTypes(b, tools)) : [];
}

/**
 * Reads a path/query value as its declared type the way OpenAPI serializes it (plain decimal integers, `true`/
 * `false`), so `0x10`, `1e1` or ` 1` are not integers. Returns the candidates the wire text may stand for.
 */
export function readWireValue(raw: string, schema: TJsonSchema, tools: TSchemaTools): unknown[] {
  const out: unknown[] = [];
  for (const t of primaryTypes(schema, tools)) {
    if (t === 'integer' && INTEGER.test(raw)) out.push(Number(raw));
    else if (t === 'number' && NUMBER.test(raw)) out.push(Number(raw));
    else if (t === 'boolean' && (raw === 'true' || raw === 'false')) out.push(raw === 'true');
    else if (t === 'string') out.push(raw);
  }
  if (primaryTypes(schema, tools).length === 0) out.push(raw);
  return out;
}
