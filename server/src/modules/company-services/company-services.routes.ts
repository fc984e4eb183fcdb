import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCompanyServiceCreateSchema,
  ZCompanyServicePatchSchema,
  ZCompanyServiceReplaceSchema,
  ZCompanyServiceSchema,
  type TCompanyServiceCreate,
  type TCompanyServicePatch,
} from '@cd/contracts/company-service';
import type { TAppDeps } from '../../context';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import type { TServiceValues } from './company-services.repository';
import * as service from './company-services.service';
import { idRefOf } from '@cd/contracts/ids';

const ZListQuerySchema = ZPageQuerySchema.extend({ company: idRefOf('companies').optional() });

function valuesOf(body: TCompanyServicePatch): Partial<TServiceValues> {
  const values: Partial<TServiceValues> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description;
  if (body.duration !== undefined) values.durationMinutes = body.duration;
  if (body.price !== undefined) values.priceCents = body.price;
  return values;
}

function fullValuesOf(body: TCompanyServiceCreate): TServiceValues {
  return { title: body.title, description: body.description ?? '', durationMinutes: body.duration, priceCents: body.price };
}


const WRITE_SERVICE = { 200: ZCompanyServiceSchema, ...errorResponses(400, 401, 403, 404, 415, 422) };

export async function companyServicesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company_services'];

  r.get('/api/company_services', { schema: { tags, querystring: ZListQuerySchema, response: { 200: hydraCollectionOf(ZCompanyServiceSchema), ...errorResponses(400, 401, 403, 404) } } }, async (req) => {
    const w = pageWindow(req.query, 15);
    const { rows, total } = await service.listCompanyServices({
      ctx: contextOf(deps, req),
      companyId: req.query.company,
      limit: w.limit,
      offset: w.offset,
    });
    return toCollection({ path: '/api/company_services', query: req.query, member: rows.map(service.toCompanyServiceResource), totalItems: total, ...w });
  });
  r.post('/api/company_services', { schema: { tags, body: ZCompanyServiceCreateSchema, response: { 201: ZCompanyServiceSchema, ...errorResponses(400, 401, 403, 404, 415, 422) } } }, async (req, reply) => {
    const row = await service.createCompanyService({
      ctx: contextOf(deps, req),
      companyId: req.body.company,
      values: fullValuesOf(req.body),
    });
    return reply.status(201).send(service.toCompanyServiceResource(row));
  });
  r.get('/api/company_services/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCompanyServiceSchema, ...errorResponses(400, 401, 403, 404) } } }, async (req) =>
    service.toCompanyServiceResource(await service.getCompanyService({ ctx: contextOf(deps, req), id: req.params.id })),
  );
  r.patch('/api/company_services/:id', { schema: { tags, params: ZIdParamsSchema, body: ZCompanyServicePatchSchema, response: WRITE_SERVICE } }, async (req) =>
    service.toCompanyServiceResource(
      await service.changeCompanyService({ ctx: contextOf(deps, req), id: req.params.id, values: valuesOf(req.body) }),
    ),
  );
  r.put('/api/company_services/:id', { schema: { tags, params: ZIdParamsSchema, body: ZCompanyServiceReplaceSchema, response: WRITE_SERVICE } }, async (req) =>
    service.toCompanyServiceResource(
      await service.changeCompanyService({
        ctx: contextOf(deps, req),
        id: req.params.id,
        values: fullValuesOf(req.body),
        expectedCompanyId: req.body.company,
      }),
    ),
  );
  r.delete('/api/company_services/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(400, 401, 403, 404) } } }, async (req, reply) => {
    await service.deleteCompanyService({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
