import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZVehicleCreateSchema, ZVehicleListQuerySchema, ZVehiclePatchSchema, ZVehicleSchema, type TVehiclePatch } from '@cd/contracts/vehicle';
import { ZVehicleAppraisalSentSchema, ZVehicleRecallsSchema, ZVehicleRecommendationSchema } from '@cd/contracts/vehicle-extras';
import type { TAppDeps } from '../../context';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { sendVehicleAppraisal } from './vehicle-appraisal.service';
import { checkRecalls } from './vehicle-recalls';
import { toVehicleResource } from './vehicles.presenter';
import type { TVehicleValues } from './vehicles.repository';
import * as service from './vehicles.service';

const ZListQuerySchema = ZPageQuerySchema.extend(ZVehicleListQuerySchema.shape);
/** The action takes no body; an empty object (what clients send with a POST) is accepted. */
const ZEmptyBodySchema = z.strictObject({}).nullish();

function patchValuesOf(body: TVehiclePatch): Partial<TVehicleValues> {
  const v: Partial<TVehicleValues> = {};
  if (body.customer !== undefined) v.customerId = body.customer;
  if (body.make !== undefined) v.make = body.make;
  if (body.model !== undefined) v.model = body.model;
  if (body.year !== undefined) v.year = body.year;
  if (body.mileage !== undefined) v.mileage = body.mileage;
  if (body.vin !== undefined) v.vin = body.vin;
  if (body.registration !== undefined) v.registration = body.registration;
  if (body.serialNumber !== undefined) v.serialNumber = body.serialNumber;
  return v;
}

const VEHICLE = { 200: ZVehicleSchema, ...errorResponses(400, 401, 403, 404, 415, 422) };

export async function vehiclesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];

  r.get(
    '/api/vehicles',
    { schema: { tags, querystring: ZListQuerySchema, response: { 200: hydraCollectionOf(ZVehicleSchema), ...errorResponses(400, 401, 403) } } },
    async (req) => {
      const w = pageWindow(req.query, 30);
      // A garage is small; `pagination=false` still answers at most 200 vehicles.
      const limit = w.limit ?? 200;
      const { rows, total } = await service.listVehicles({ ctx: contextOf(deps, req), customerId: req.query.customer, limit, offset: w.offset });
      return toCollection({ path: '/api/vehicles', query: req.query, member: rows.map(toVehicleResource), totalItems: total, ...w });
    },
  );
  r.post(
    '/api/vehicles',
    { schema: { tags, body: ZVehicleCreateSchema, response: { 201: ZVehicleSchema, ...errorResponses(400, 401, 403, 415, 422) } } },
    async (req, reply) => {
      const b = req.body;
      const row = await service.createVehicle({
        ctx: contextOf(deps, req),
        values: {
          customerId: b.customer,
          make: b.make,
          model: b.model,
          year: b.year,
          mileage: b.mileage,
          vin: b.vin,
          registration: b.registration ?? null,
          serialNumber: b.serialNumber ?? null,
        },
      });
      return reply.status(201).send(toVehicleResource(row));
    },
  );
  r.get(
    '/api/vehicles/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZVehicleSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => toVehicleResource(await service.getVehicle({ ctx: contextOf(deps, req), id: req.params.id })),
  );
  r.patch('/api/vehicles/:id', { schema: { tags, params: ZIdParamsSchema, body: ZVehiclePatchSchema, response: VEHICLE } }, async (req) =>
    toVehicleResource(await service.changeVehicle({ ctx: contextOf(deps, req), id: req.params.id, values: patchValuesOf(req.body) })),
  );
  r.delete(
    '/api/vehicles/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (req, reply) => {
      await service.deleteVehicle({ ctx: contextOf(deps, req), id: req.params.id });
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/vehicles/:id/send_vehicle_appraisal_message',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZEmptyBodySchema,
        response: { 200: ZVehicleAppraisalSentSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => sendVehicleAppraisal({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.get(
    '/api/vehicles/:id/recalls',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZVehicleRecallsSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const vehicle = await service.getVehicle({ ctx: contextOf(deps, req), id: req.params.id });
      return checkRecalls({ deps, vehicle });
    },
  );
  r.get(
    '/api/vehicles/:id/recommendations',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: hydraCollectionOf(ZVehicleRecommendationSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const member = await service.listRecommendations({ ctx: contextOf(deps, req), vehicleId: req.params.id });
      return toCollection({
        path: `/api/vehicles/${req.params.id}/recommendations`,
        query: {},
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.put(
    '/api/vehicle_recommendations/:id/dismiss',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZEmptyBodySchema,
        response: { 200: ZVehicleRecommendationSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => service.dismissRecommendation({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
