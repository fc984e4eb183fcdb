import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyCreateSchema, ZCompanyPatchSchema, ZCompanySchema, ZToggleModuleSchema } from '@cd/contracts/company';
import type { TAppDeps } from '../../context';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { companyImagesOf, toCompanyResource } from './companies.presenter';
import type { TCompanyRow } from './companies.schema';
import * as service from './companies.service';

const ZCompanyListQuerySchema = ZPageQuerySchema.extend({ name: z.string().trim().max(100).optional() });

/** Answers of the routes that change one company and answer it. */
const WRITE_COMPANY = { 200: ZCompanySchema, ...errorResponses(400, 401, 403, 404, 415, 422) };

export async function companiesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  /** Companies with their hero/logo references resolved (signed URLs) in one media query. */
  const presentAll = async (req: FastifyRequest, rows: TCompanyRow[]) => {
    const media = await service.findCompanyImages({ ctx: contextOf(deps, req), rows });
    return rows.map((company) =>
      toCompanyResource(company, deps.config.encryptionKey, companyImagesOf({ config: deps.config, company, media })),
    );
  };
  const present = async (req: FastifyRequest, row: TCompanyRow) => (await presentAll(req, [row]))[0]!;

  r.get('/api/companies', { schema: { tags, querystring: ZCompanyListQuerySchema, response: { 200: hydraCollectionOf(ZCompanySchema), ...errorResponses(400, 401, 403) } } }, async (req) => {
    const w = pageWindow(req.query, 15);
    const { rows, total } = await service.listCompanies({
      ctx: contextOf(deps, req),
      search: req.query.name || undefined,
      limit: w.limit,
      offset: w.offset,
    });
    return toCollection({ path: '/api/companies', query: req.query, member: await presentAll(req, rows), totalItems: total, ...w });
  });

  r.get('/api/companies/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCompanySchema, ...errorResponses(400, 401, 403, 404) } } }, async (req) =>
    present(req, await service.getCompany({ ctx: contextOf(deps, req), id: req.params.id })),
  );

  r.post('/api/companies', { schema: { tags, body: ZCompanyCreateSchema, response: { 201: ZCompanySchema, ...errorResponses(400, 401, 403, 415, 422) } } }, async (req, reply) => {
    const row = await service.createCompany({ ctx: contextOf(deps, req), input: req.body });
    return reply.status(201).send(await present(req, row));
  });

  r.patch('/api/companies/:id', { schema: { tags, params: ZIdParamsSchema, body: ZCompanyPatchSchema, response: WRITE_COMPANY } }, async (req) =>
    present(req, await service.patchCompany({ ctx: contextOf(deps, req), id: req.params.id, patch: req.body })),
  );

  r.delete('/api/companies/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(400, 401, 403, 404) } } }, async (req, reply) => {
    await service.deleteCompany({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  r.put(
    '/api/companies/:id/toggle_module',
    { schema: { tags, params: ZIdParamsSchema, body: ZToggleModuleSchema, response: WRITE_COMPANY } },
    async (req) =>
      present(
        req,
        await service.toggleModule({ ctx: contextOf(deps, req), id: req.params.id, module: req.body.module, toggle: req.body.toggle }),
      ),
  );
}
