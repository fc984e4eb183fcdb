import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAppointmentSchema, ZSendBookingLinkResultSchema } from '@cd/contracts/appointment';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { sendAppointmentReminder, sendBookingLink } from './appointment-messenger.service';

const ZEmptyBodySchema = z.strictObject({}).nullish();

/** The messenger's appointment buttons on a customer's conversation (spec part 1 §7; docs/api-public-booking.md). */
export async function appointmentMessengerRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  r.post(
    '/api/customers/:id/send_appointment_reminder',
    {
      schema: {
        tags,
        description: "Sends the reminder of the customer's next confirmed appointment now (once per appointment).",
        params: ZIdParamsSchema,
        body: ZEmptyBodySchema,
        response: { 200: ZAppointmentSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => sendAppointmentReminder({ ctx: contextOf(deps, req), customerId: req.params.id }),
  );
  r.post(
    '/api/customers/:id/send_booking_link',
    {
      schema: {
        tags,
        description: 'Makes a booking link for the customer and texts it in the company language.',
        params: ZIdParamsSchema,
        body: ZEmptyBodySchema,
        response: { 201: ZSendBookingLinkResultSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req, reply) => reply.status(201).send(await sendBookingLink({ ctx: contextOf(deps, req), customerId: req.params.id })),
  );
}
