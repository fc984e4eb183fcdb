import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAppointmentResourceCreateSchema,
  ZAppointmentResourcePatchSchema,
  ZAppointmentResourceSchema,
  ZVacationCreateSchema,
  ZVacationListQuerySchema,
  ZVacationPatchSchema,
  ZVacationSchema,
  ZWorkingHoursCreateSchema,
  ZWorkingHoursListQuerySchema,
  ZWorkingHoursReplaceSchema,
  ZWorkingHoursSchema,
} from '@cd/contracts/appointment';
import { idRefOf } from '@cd/contracts/ids';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as resources from './appointment-resources.service';
import * as schedule from './schedule.service';

const ZResourceListQuerySchema = z.object({ company: idRefOf('companies').optional() });

const READ_ONE = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

/** A whole list in one page: a company has a handful of people and bays (the statements stay constant anyway). */
function collectionOf<T>(path: string, query: Record<string, unknown>, member: T[]) {
  return toCollection({ path, query, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
}

/** Issue 16: shifts, vacations and shared resources of the appointments area (docs/api-appointments.md). */
export async function scheduleRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  /* ---- /api/working_hours ---- */
  r.get(
    '/api/working_hours',
    { schema: { tags, querystring: ZWorkingHoursListQuerySchema, response: { 200: hydraCollectionOf(ZWorkingHoursSchema), ...READ_ONE } } },
    async (req) => collectionOf('/api/working_hours', req.query, await schedule.listWorkingHours({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.get('/api/working_hours/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZWorkingHoursSchema, ...READ_ONE } } }, async (req) =>
    schedule.getWorkingHours({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/working_hours', { schema: { tags, body: ZWorkingHoursCreateSchema, response: { 201: ZWorkingHoursSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await schedule.createWorkingHours({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.put(
    '/api/working_hours/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZWorkingHoursReplaceSchema, response: { 200: ZWorkingHoursSchema, ...WRITE } } },
    async (req) => schedule.replaceWorkingHours({ ctx: contextOf(deps, req), id: req.params.id, days: req.body.days }),
  );
  r.delete('/api/working_hours/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...READ_ONE } } }, async (req, reply) => {
    await schedule.deleteWorkingHours({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  /* ---- /api/vacations ---- */
  r.get(
    '/api/vacations',
    { schema: { tags, querystring: ZVacationListQuerySchema, response: { 200: hydraCollectionOf(ZVacationSchema), ...READ_ONE } } },
    async (req) => collectionOf('/api/vacations', req.query, await schedule.listVacations({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.get('/api/vacations/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZVacationSchema, ...READ_ONE } } }, async (req) =>
    schedule.getVacation({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/vacations', { schema: { tags, body: ZVacationCreateSchema, response: { 201: ZVacationSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await schedule.createVacation({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch(
    '/api/vacations/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZVacationPatchSchema, response: { 200: ZVacationSchema, ...WRITE } } },
    async (req) => schedule.changeVacation({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete('/api/vacations/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...READ_ONE } } }, async (req, reply) => {
    await schedule.deleteVacation({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  /* ---- /api/appointment_resources ---- */
  r.get(
    '/api/appointment_resources',
    { schema: { tags, querystring: ZResourceListQuerySchema, response: { 200: hydraCollectionOf(ZAppointmentResourceSchema), ...READ_ONE } } },
    async (req) =>
      collectionOf('/api/appointment_resources', req.query, await resources.listResources({ ctx: contextOf(deps, req), companyId: req.query.company })),
  );
  r.get(
    '/api/appointment_resources/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZAppointmentResourceSchema, ...READ_ONE } } },
    async (req) => resources.getResource({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/appointment_resources',
    { schema: { tags, body: ZAppointmentResourceCreateSchema, response: { 201: ZAppointmentResourceSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await resources.createResource({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch(
    '/api/appointment_resources/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZAppointmentResourcePatchSchema, response: { 200: ZAppointmentResourceSchema, ...WRITE } } },
    async (req) => resources.changeResource({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete('/api/appointment_resources/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...READ_ONE } } }, async (req, reply) => {
    await resources.deleteResource({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
