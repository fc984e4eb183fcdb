import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZForgotPasswordSchema, ZLoginSchema, ZRefreshSchema, ZResetPasswordSchema, ZResetTokenInfoSchema, ZTokenPairSchema } from '@cd/contracts/auth';
import { ZMeSchema } from '@cd/contracts/user';
import type { TAppDeps } from '../../context';
import { errorResponses, noContent } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { getMe } from '../users/users.service';
import * as service from './auth.service';

const ZTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });

export async function authRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { public: true };

  r.post('/api/login', { config: pub, schema: { tags: ['auth'], body: ZLoginSchema, response: { 200: ZTokenPairSchema, ...errorResponses(400, 401, 415, 422, 429) } } }, async (req, reply) => {
    const { tokens, deviceCookie } = await service.login({
      deps,
      email: req.body.email,
      password: req.body.password,
      ip: req.ip,
      cookieHeader: req.headers.cookie,
    });
    reply.header('set-cookie', deviceCookie);
    return tokens;
  });
  r.post('/api/token/refresh', { config: pub, schema: { tags: ['auth'], body: ZRefreshSchema, response: { 200: ZTokenPairSchema, ...errorResponses(400, 401, 415, 422) } } }, async (req) =>
    service.refreshTokens({ deps, refreshToken: req.body.refresh_token }),
  );
  r.post('/api/logout', { config: pub, schema: { tags: ['auth'], body: ZRefreshSchema, response: { ...noContent, ...errorResponses(400, 415, 422) } } }, async (req, reply) => {
    await service.logout({ deps, refreshToken: req.body.refresh_token });
    return reply.status(204).send(null);
  });
  r.get('/api/me', { schema: { tags: ['auth'], response: { 200: ZMeSchema, ...errorResponses(401, 403) } } }, async (req) => getMe({ ctx: contextOf(deps, req) }));

  r.post('/api/forgot-password', { config: pub, schema: { tags: ['auth'], body: ZForgotPasswordSchema, response: { ...noContent, ...errorResponses(400, 415, 422, 429) } } }, async (req, reply) => {
    await service.requestPasswordReset({ deps, email: req.body.email, ip: req.ip });
    return reply.status(204).send(null);
  });
  r.get('/api/forgot-password/:token', { config: pub, schema: { tags: ['auth'], params: ZTokenParamsSchema, response: { 200: ZResetTokenInfoSchema, ...errorResponses(400, 404) } } }, async (req) => ({
    user: { email: await service.getResetTokenEmail({ deps, token: req.params.token }) },
  }));
  r.post(
    '/api/forgot-password/:token',
    { config: pub, schema: { tags: ['auth'], params: ZTokenParamsSchema, body: ZResetPasswordSchema, response: { ...noContent, ...errorResponses(400, 404, 415, 422) } } },
    async (req, reply) => {
      await service.resetPassword({ deps, token: req.params.token, password: req.body.password });
      return reply.status(204).send(null);
    },
  );
}
