import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TActor, TAppDeps, TRequestContext } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    actor: TActor | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a bearer token (sign-in, password reset, public pages). */
    public?: boolean;
  }
}

/** Turns a request's credentials into its actor, or throws the 401 (the auth module's `authenticate`). */
export type TAuthenticateRequest = (opts: {
  authorization: string | undefined;
  impersonate: string | undefined;
  method: string;
  url: string;
  ip?: string;
  userAgent?: string;
}) => Promise<TActor>;

/** Turns a public API key (`cdk_…`) into the actor of its company, or throws 401/403/429 (modules/api-keys). */
export type TAuthenticateApiKey = (opts: {
  token: string;
  impersonate: string | undefined;
  method: string;
  /** The matched route's pattern (/api/customers/:id): the key's scopes are checked against it. */
  routeUrl: string;
  ip: string;
}) => Promise<TActor>;

/** A bearer that names an API key: told apart from a JWT by its marker alone, with no database read. */
const API_KEY_BEARER = /^Bearer\s+(cdk_.*)$/is;

/**
 * Every /api route needs a valid bearer token unless it is marked `config: { public: true }`. app.ts passes the
 * verifier in: the hook and the request typing live down here for every module, the user lookup in modules/auth.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: TAuthenticateRequest; authenticateApiKey?: TAuthenticateApiKey }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? '';
    if (request.routeOptions.config?.public || !route.startsWith('/api') || route.startsWith('/api/docs')) return;
    const impersonate = (request.query as Record<string, unknown> | undefined)?.impersonate;
    const apiKey = opts.authenticateApiKey ? API_KEY_BEARER.exec(request.headers.authorization ?? '') : null;
    if (apiKey && opts.authenticateApiKey) {
      request.actor = await opts.authenticateApiKey({
        token: apiKey[1]!.trim(),
        impersonate: typeof impersonate === 'string' ? impersonate : undefined,
        method: request.method,
        routeUrl: route,
        ip: request.ip,
      });
      return;
    }
    request.actor = await opts.authenticate({
      authorization: request.headers.authorization,
      impersonate: typeof impersonate === 'string' ? impersonate : undefined,
      method: request.method,
      url: request.url,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  });
});

export function contextOf(deps: TAppDeps, request: FastifyRequest): TRequestContext {
  if (!request.actor) throw new Error('route needs an authenticated actor');
  return { ...deps, actor: request.actor, origin: { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null } };
}
