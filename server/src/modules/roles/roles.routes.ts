import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZRoleCatalogueSchema } from '@cd/contracts/role-catalogue';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { getRoleCatalogue } from './roles.service';

export async function rolesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/role_catalogue',
    {
      schema: {
        tags: ['roles'],
        summary: 'What each role opens (menu entries, API areas) and who holds it (super admin).',
        response: { 200: ZRoleCatalogueSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => getRoleCatalogue({ ctx: contextOf(deps, req) }),
  );
}
