import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '@cd/contracts/roles';
import {
  ZChangePasswordSchema,
  ZUserCreateSchema,
  ZUserEnabledSchema,
  ZUserPatchSchema,
  ZUserRolesSchema,
  ZColleagueSchema,
  ZRoleOptionSchema,
  ZUserSchema,
} from '@cd/contracts/user';
import type { TAppDeps } from '../../context';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { pageWindow, ZBooleanQuerySchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { toColleague, toUserResource } from './users.presenter';
import * as service from './users.service';
import { idRefOf } from '@cd/contracts/ids';

const ZUserListQuerySchema = ZPageQuerySchema.extend({
  company: idRefOf('companies').optional(),
  search: z.string().trim().max(100).optional(),
  enabled: ZBooleanQuerySchema.optional(),
});

/** Answers of the routes that change one user and answer it. */
const WRITE_USER = { 200: ZUserSchema, ...errorResponses(400, 401, 403, 404, 415, 422) };

export async function usersRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/api/users', { schema: { tags, querystring: ZUserListQuerySchema, response: { 200: hydraCollectionOf(ZUserSchema), ...errorResponses(400, 401, 403, 404) } } }, async (req) => {
    const w = pageWindow(req.query, 15);
    const { rows, total } = await service.listUsers({
      ctx: contextOf(deps, req),
      companyId: req.query.company,
      search: req.query.search || undefined,
      enabled: req.query.enabled,
      limit: w.limit,
      offset: w.offset,
    });
    return toCollection({ path: '/api/users', query: req.query, member: rows.map(toUserResource), totalItems: total, ...w });
  });

  r.get(
    '/api/users/colleagues',
    {
      schema: {
        tags,
        querystring: z.object({ company: idRefOf('companies').optional(), impersonable: ZBooleanQuerySchema.optional() }),
        response: { 200: hydraCollectionOf(ZColleagueSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const rows = await service.listColleagues({ ctx: contextOf(deps, req), companyId: req.query.company, impersonable: req.query.impersonable });
      return toCollection({
        path: '/api/users/colleagues',
        query: req.query,
        member: rows.map(toColleague),
        totalItems: rows.length,
        page: 1,
        itemsPerPage: rows.length,
        paginated: false,
      });
    },
  );

  r.get('/api/users/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZUserSchema, ...errorResponses(400, 401, 403, 404) } } }, async (req) =>
    toUserResource(await service.getUser({ ctx: contextOf(deps, req), id: req.params.id })),
  );

  r.post('/api/users', { schema: { tags, body: ZUserCreateSchema, response: { 201: ZUserSchema, ...errorResponses(400, 401, 403, 404, 415, 422) } } }, async (req, reply) => {
    const row = await service.createUser({ ctx: contextOf(deps, req), input: req.body });
    return reply.status(201).send(toUserResource(row));
  });

  r.patch('/api/users/:id', { schema: { tags, params: ZIdParamsSchema, body: ZUserPatchSchema, response: WRITE_USER } }, async (req) =>
    toUserResource(await service.patchUser({ ctx: contextOf(deps, req), id: req.params.id, patch: req.body })),
  );

  r.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        querystring: z.object({ transferTo: idRefOf('users') }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (req, reply) => {
      await service.deleteUserWithTransfer({ ctx: contextOf(deps, req), id: req.params.id, transferTo: req.query.transferTo });
      return reply.status(204).send(null);
    },
  );

  r.put('/api/users/:id/roles', { schema: { tags, params: ZIdParamsSchema, body: ZUserRolesSchema, response: WRITE_USER } }, async (req) =>
    toUserResource(await service.setUserRoles({ ctx: contextOf(deps, req), id: req.params.id, roles: req.body.roles })),
  );

  r.put(
    '/api/users/:id/change_password',
    { schema: { tags, params: ZIdParamsSchema, body: ZChangePasswordSchema, response: { ...noContent, ...errorResponses(400, 401, 403, 404, 415, 422) } } },
    async (req, reply) => {
      await service.changeUserPassword({ ctx: contextOf(deps, req), id: req.params.id, password: req.body.password });
      return reply.status(204).send(null);
    },
  );

  r.patch('/api/users/:id/enabled', { schema: { tags, params: ZIdParamsSchema, body: ZUserEnabledSchema, response: WRITE_USER } }, async (req) =>
    toUserResource(await service.setUserEnabled({ ctx: contextOf(deps, req), id: req.params.id, enabled: req.body.enabled })),
  );

  r.get('/api/roles', { schema: { tags: ['roles'], response: { 200: hydraCollectionOf(ZRoleOptionSchema), ...errorResponses(401, 403, 404) } } }, async (req) => {
    const ctx = contextOf(deps, req);
    const available = await service.listAssignableRoles({ ctx });
    const member = ASSIGNABLE_ROLES.map((role) => ({ '@id': `/api/roles/${role}`, id: role, name: role, assignable: available.includes(role) }));
    return toCollection({ path: '/api/roles', query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });
}
