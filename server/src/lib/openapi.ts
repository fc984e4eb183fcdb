import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response descriptions for the OpenAPI document. Every route declares its answers in `schema.response` with
 * the zod schemas of `contracts` (success bodies) and the shared error bodies below, e.g.
 *   response: { 200: hydraCollectionOf(ZCustomerSchema), ...errorResponses(400, 401, 403) }
 * The wire format is what is described: dates are ISO strings, ids numbers, IRIs strings.
 */

export const ZViolationSchema = z.object({ propertyPath: z.string(), message: z.string(), code: z.string().optional() });

/** `application/problem+json` body of every error but 401 (lib/errors.ts). Extra members may follow. */
export const ZProblemSchema = z
  .looseObject({
    type: z.string().optional(),
    title: z.string(),
    detail: z.string(),
    description: z.string(),
    status: z.number().int(),
    violations: z.array(ZViolationSchema).optional(),
  })
  .meta({ id: 'Problem' });

/** 401 bodies keep the `{code, message}` shape the web client reacts to (spec part 1 §8). */
export const ZAuthFailureSchema = z.object({ code: z.literal(401), message: z.string() }).meta({ id: 'AuthFailure' });

export const ZHydraViewSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('PartialCollectionView'),
  first: z.string().optional(),
  last: z.string().optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
});

/** A Hydra collection of `item` (ARCHITECTURE §4). */
export function hydraCollectionOf<T extends z.ZodType>(item: T) {
  return z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('Collection'),
    member: z.array(item),
    totalItems: z.number().int().min(0),
    view: ZHydraViewSchema.optional(),
  });
}

/**
 * A large list's page: the first counts up to a cap and says `totalItemsAtLeast` above it (`exactTotal=true` asks
 * for the full count); later keyset pages carry no total at all.
 */
export function cappedCollectionOf<T extends z.ZodType>(item: T) {
  return hydraCollectionOf(item).extend({
    totalItems: z.number().int().min(0).optional(),
    totalItemsAtLeast: z.number().int().min(0).optional(),
  });
}

const ERROR_DESCRIPTIONS = {
  400: 'Malformed query, path or body.',
  401: 'Missing, expired or invalid token, or wrong credentials.',
  403: 'Signed in, but not allowed to do this.',
  404: 'No such resource in your company.',
  405: 'The address exists but not with this method.',
  409: 'Conflicts with the current state.',
  410: 'Existed, but is no longer available (an expired or revoked link).',
  413: 'Body or upload too large.',
  415: 'Unsupported content type.',
  422: 'The body breaks a rule; see violations.',
  429: 'Too many requests; see retry-after.',
  502: 'An outside service (e.g. the card processor) answered with an error.',
  503: 'An outside service could not be reached in time; try again later.',
} as const;
export type TErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Error answers for `schema.response`: `...errorResponses(401, 404, 422)`. */
export function errorResponses(...statuses: TErrorStatus[]): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const s of statuses) out[s] = (s === 401 ? ZAuthFailureSchema : ZProblemSchema).describe(ERROR_DESCRIPTIONS[s]);
  return out;
}

/**
 * Answers any route may give whatever it declares, added in one place so no route can forget them: 400 from the
 * request guards (NUL characters in a query or path value, an over-long path parameter, a malformed address).
 * Routes without a `response` map are left alone (no description to complete).
 */
export function addGenericResponses(route: { schema?: { response?: unknown } }): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response || response['400'] !== undefined || response[400] !== undefined) return;
  route.schema!.response = { ...response, 400: ZProblemSchema.describe(ERROR_DESCRIPTIONS[400]) };
}

/** 204 answer (no body). */
export const noContent = { 204: z.null().describe('Done; no content.') };

/** A non-JSON answer (plain text, XML, an event stream), described by its media type. */
export function textResponse(opts: { contentType: string; description: string }) {
  return { description: opts.description, content: { [opts.contentType]: { schema: z.string() } } };
}

/**
 * The request body of a multipart route: its text fields from the zod schema the route checks them with, plus
 * its file parts as binary strings (`many` = the part may repeat).
 */
export function multipartBody(opts: {
  fields?: z.ZodType;
  /** Which side of `fields` to describe: 'input' (default) keeps defaulted fields optional; 'output' looks through preprocessing. */
  io?: 'input' | 'output';
  files: Record<string, { description: string; many?: boolean; required?: boolean }>;
  description?: string;
  /** Also accepted as JSON (the text fields alone). */
  alsoJson?: boolean;
}) {
  const base = opts.fields ? (z.toJSONSchema(opts.fields, { io: opts.io ?? 'input', unrepresentable: 'any' }) as Record<string, unknown>) : {};
  const { $schema: _drop, ...fields } = base;
  const properties: Record<string, unknown> = { ...(fields.properties as Record<string, unknown> | undefined) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, f] of Object.entries(opts.files)) {
    const binary = { type: 'string', format: 'binary', description: f.description };
    properties[name] = f.many ? { type: 'array', items: binary, description: f.description } : binary;
    if (f.required) required.push(name);
  }
  const requestBody = { type: 'object', description: opts.description, properties, ...(required.length ? { required } : {}) };
  return { requestBody, consumes: opts.alsoJson ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'] };
}

/** Shown once for the whole API (info.description and components.responses), not on each operation. */
export const API_DESCRIPTION =
  'Errors are `application/problem+json` (Problem) except 401, which answers `{code, message}` (AuthFailure). ' +
  'A known address asked with a method it does not take answers 405 with an `Allow` header listing the methods it does ' +
  'take (components.responses.MethodNotAllowed).';

export const METHOD_NOT_ALLOWED_RESPONSE = {
  description: ERROR_DESCRIPTIONS[405],
  headers: { Allow: { description: 'The methods this address takes, e.g. `GET, HEAD, PATCH`.', schema: { type: 'string' as const } } },
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

/**
 * Serializes answers as plain JSON (never strips or reshapes what a handler returns). With `validate` (tests),
 * the JSON is first checked against the route's declared response schema for that status, so a description that
 * drifts from the real answer fails the suite instead of misleading API clients.
 */
export function createResponseSerializerCompiler(opts: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    return (data) => {
      const json = JSON.stringify(data);
      if (opts.validate && zodSchema) {
        const result = zodSchema.safeParse(json === undefined ? null : JSON.parse(json));
        if (!result.success) throw new ResponseMismatchError(`${method} ${url} ${httpStatus}: ${z.prettifyError(result.error)}`);
      }
      return json;
    };
  };
}

/** An answer that does not match its declared schema (only raised when responses are validated, i.e. tests). */
export class ResponseMismatchError extends Error {
  override readonly name = 'ResponseMismatchError';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Extra OpenAPI for what zod cannot validate here, e.g. a multipart request body. */
    openapi?: { requestBody?: Record<string, unknown>; consumes?: string[] };
  }
}

/**
 * Swagger transform: zod → JSON Schema, public routes declare no security, multipart routes describe their form.
 */
export const transformRouteForOpenApi: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = (input.route as { config?: { public?: boolean; openapi?: { requestBody?: Record<string, unknown>; consumes?: string[] } } }).config;
  const schema = { ...(out.schema as Record<string, unknown>) };
  if (config?.public) schema.security = [];
  if (schema.response) schema.response = describeAnswerMediaTypes(schema.response as Record<string, Record<string, unknown>>);
  if (config?.openapi?.requestBody) {
    // @fastify/swagger reads `body` + `consumes`; a multipart form is described as an object schema.
    schema.consumes = config.openapi.consumes ?? ['multipart/form-data'];
    schema.body = config.openapi.requestBody;
  }
  return { ...out, schema };
};

/**
 * What the JSON Schemas alone cannot say: 204 has no body at all, and problem documents are
 * `application/problem+json` (401 stays `application/json`, lib/errors.ts). Answers that name their media types
 * (`content`) are left as they are.
 */
function describeAnswerMediaTypes(response: Record<string, Record<string, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(response)) {
    if ('content' in answer) out[status] = answer;
    else if (status === '204') out[status] = { type: 'null', description: answer.description ?? 'No content.' };
    else if (Number(status) >= 400 && status !== '401')
      out[status] = { description: answer.description, content: { 'application/problem+json': { schema: answer } } };
    else out[status] = answer;
  }
  return out;
}
