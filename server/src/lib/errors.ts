import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AUTH_MESSAGES } from '@cd/contracts/auth';
import { problemFromDbError } from './db-errors';
import { ResponseMismatchError } from './openapi';

export type TViolation = { propertyPath: string; message: string; code?: string };

const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  /** An outside service (a card processor) answered badly. */
  bad_gateway: 502,
  /** An outside service could not be reached in time; try later. */
  service_unavailable: 503,
} as const;
export type TErrorCode = keyof typeof STATUS_BY_CODE;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one error type services throw; the handler below maps it to HTTP. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    detail?: string,
    readonly violations?: TViolation[],
    readonly headers?: Record<string, string>,
    /** Extra members of the problem body (e.g. the existing thread of "Chat already exists"). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail ?? TITLES[STATUS_BY_CODE[code]] ?? code);
    this.status = STATUS_BY_CODE[code];
  }
}

export function validationError(violations: TViolation[]): AppError {
  return new AppError('validation_failed', violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'), violations);
}

export function violationsFromZod(error: ZodError, prefix: string[] = []): TViolation[] {
  return error.issues.map((i) => ({
    propertyPath: [...prefix, ...i.path].join('.'),
    message: i.message,
    code: i.code,
  }));
}

/** 401 answers keep the shape and exact messages the web client reacts to (spec part 1 §8). */
export class AuthError extends Error {
  constructor(readonly authMessage: (typeof AUTH_MESSAGES)[keyof typeof AUTH_MESSAGES]) {
    super(authMessage);
  }
}

/** An `application/problem+json` body (ZProblemSchema). */
export function problemBody(status: number, detail: string, extra: Record<string, unknown> = {}) {
  return { type: `/errors/${status}`, title: TITLES[status] ?? 'Error', detail, description: detail, status, ...extra };
}

function problem(reply: FastifyReply, status: number, detail: string, extra: Record<string, unknown> = {}) {
  return reply.status(status).type('application/problem+json').send(problemBody(status, detail, extra));
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AuthError) {
    return reply.status(401).send({ code: 401, message: error.authMessage });
  }
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return problem(reply, error.status, error.message, { ...error.extra, ...(error.violations ? { violations: error.violations } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext;
    const violations = error.validation.map((v) => ({
      propertyPath: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Invalid value.',
      code: v.keyword,
    }));
    // A body that parses but breaks the rules is 422; malformed query strings or path parameters are 400.
    const status = where === 'body' ? 422 : 400;
    return problem(reply, status, violations.map((v) => `${v.propertyPath || where}: ${v.message}`).join('\n'), {
      violations,
    });
  }
  if (error instanceof ZodError) {
    const violations = violationsFromZod(error);
    return problem(reply, 422, violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'), { violations });
  }
  const fe = error as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    return problem(reply, fe.statusCode, fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : fe.message);
  }
  // Constraint and data errors from PostgreSQL: the client's input, answered as such on every route.
  const db = problemFromDbError(error, { routeUrl: request.routeOptions?.url, params: request.params });
  if (db) return problem(reply, db.status, db.detail, db.violations ? { violations: db.violations } : {});
  // Only raised when answers are validated (tests): say which answer drifted from its description.
  if (error instanceof ResponseMismatchError) return problem(reply, 500, error.message);
  request.log.error({ err: error }, 'unhandled error');
  return problem(reply, 500, 'An internal error occurred.');
}
