import type { TOpenApiDoc, TOperation, TResponse, TSchemaTools } from './schema';

const JSON_TYPES = /^application\/([a-z.+-]+\+)?json$/;

export interface TAnswer { status: number; contentType: string | undefined; body: string }

/** Whether the operation asks for a token (its own `security`, else the document's). */
export function requiresAuth(doc: TOpenApiDoc, op: TOperation): boolean {
  const sec = op.security ?? doc.security ?? [];
  return sec.length > 0 && !sec.some((s) => Object.keys(s).length === 0);
}

function declaredResponse(op: TOperation, status: number): TResponse | undefined {
  const r = op.responses ?? {};
  return r[String(status)] ?? r[`${Math.floor(status / 100)}XX`] ?? r.default;
}

/**
 * What is wrong with one answer: a 5xx, a status the operation does not declare, a body its declared schema
 * rejects, an invalid request answered with success, or an anonymous caller let through. Empty when all is well.
 */
export function checkAnswer(opts: { doc: TOpenApiDoc; op: TOperation; tools: TSchemaTools; answer: TAnswer; invalid: string | null; anonymous: boolean }): string[] {
  const { op, tools, answer, invalid } = opts;
  const problems: string[] = [];
  const { status } = answer;
  // A 5xx is its own class whatever the document says about it.
  if (status >= 500) return [`5xx: answered ${status}`];
  // Success, or a 404 (the handler ran: `/api/customers/0x10` read as 16), for input the document rejects means the
  // server coerced or ignored it; only refusing it (400/422, or auth, size and rate refusals first) is right.
  if (invalid && (status < 400 || status === 404)) problems.push(`accepted invalid request: answered ${status} to a request the document rejects (${invalid})`);
  if (opts.anonymous && requiresAuth(opts.doc, op) && status < 400) problems.push(`anonymous caller let through: answered ${status} without a token`);
  const declared = declaredResponse(op, status);
  if (!declared) {
    problems.push(`undeclared status ${status} (declared: ${Object.keys(op.responses ?? {}).join(', ') || 'none'})`);
    return problems;
  }
  const content = declared.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) {
    if (answer.body.length > 0) problems.push(`undeclared body: ${status} declares no content but answered ${answer.contentType ?? 'a body'}`);
    return problems;
  }
  const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  // application/problem+json and ld+json are JSON: an answer in one JSON type matches a JSON type declared.
  const key = content[mediaType] ? mediaType : JSON_TYPES.test(mediaType) ? types.find((t) => JSON_TYPES.test(t)) : mediaType === '' && answer.body === '' ? types[0] : undefined;
  if (!key) {
    problems.push(`undeclared content type ${mediaType || '(none)'} for ${status} (declared: ${types.join(', ')})`);
    return problems;
  }
  const schema = content[key]!.schema;
  if (!schema) return problems;
  let value: unknown;
  if (answer.body === '') value = null;
  else if (JSON_TYPES.test(mediaType)) {
    try {
      value = JSON.parse(answer.body);
    } catch {
      problems.push(`body is not JSON although typed ${mediaType}`);
      return problems;
    }
  } else value = answer.body;
  const err = tools.check(schema, value);
  if (err) problems.push(`body does not match the ${status} schema: ${err.slice(0, 160)}`);
  return problems;
}

/** The class a problem belongs to in the summary (its wording up to the first detail). */
export function problemClass(problem: string): string {
  return problem.replace(/ \(declared.*$/, '').replace(/:.*$/, '');
}
