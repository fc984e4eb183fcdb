import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_ACTIONS,
  ZAppointmentCreateSchema,
  ZAppointmentListQuerySchema,
  ZAppointmentPatchSchema,
  ZAppointmentSchema,
  ZAvailabilityQuerySchema,
  ZAvailabilitySchema,
} from '@cd/contracts/appointment';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { runAppointmentAction } from './appointment-actions.service';
import * as service from './appointments.service';

const ZEmptyBodySchema = z.strictObject({}).nullish();
const ONE = { 200: ZAppointmentSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) };

/** Issue 16: the calendar's appointments, their actions and free times (docs/api-appointments.md). */
export async function appointmentsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  r.get(
    '/api/appointments',
    {
      schema: {
        tags,
        querystring: ZAppointmentListQuerySchema,
        response: { 200: hydraCollectionOf(ZAppointmentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const member = await service.listAppointments({ ctx: contextOf(deps, req), query: req.query });
      return toCollection({
        path: '/api/appointments',
        query: req.query,
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.get(
    '/api/appointments/availability',
    { schema: { tags, querystring: ZAvailabilityQuerySchema, response: { 200: ZAvailabilitySchema, ...errorResponses(400, 401, 403, 404, 422) } } },
    async (req) => service.getAvailability({ ctx: contextOf(deps, req), query: req.query }),
  );
  r.get(
    '/api/appointments/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZAppointmentSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.getAppointment({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/appointments',
    { schema: { tags, body: ZAppointmentCreateSchema, response: { 201: ZAppointmentSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) } } },
    async (req, reply) => reply.status(201).send(await service.createAppointment({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch('/api/appointments/:id', { schema: { tags, params: ZIdParamsSchema, body: ZAppointmentPatchSchema, response: ONE } }, async (req) =>
    service.changeAppointment({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  for (const action of APPOINTMENT_ACTIONS) {
    r.put(`/api/appointments/:id/${action}`, { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ONE } }, async (req) =>
      runAppointmentAction({ ctx: contextOf(deps, req), id: req.params.id, action }),
    );
  }
}
