import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaymentTerminalSchema, ZTerminalRequestSchema, ZTerminalSendBodySchema } from '@cd/contracts/payment-operations';
import { idRefOf } from '@cd/contracts/ids';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './terminals.service';

const ZEmptyBodySchema = z.strictObject({}).nullish();
const ONE = { 200: ZTerminalRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) };

/** Card terminals (issue 17): the usable grid, sending a payment request to a terminal, following and cancelling it. */
export async function terminalsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  r.get(
    '/api/payment/terminals',
    {
      schema: {
        tags,
        querystring: z.object({ company: idRefOf('companies').optional() }),
        response: { 200: hydraCollectionOf(ZPaymentTerminalSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const member = await service.listTerminals({ ctx: contextOf(deps, req), companyId: req.query.company });
      return toCollection({
        path: '/api/payment/terminals',
        query: req.query,
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.post(
    '/api/payment_requests/:id/terminal',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZTerminalSendBodySchema,
        response: { 201: ZTerminalRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.sendToTerminal({ ctx: contextOf(deps, req), id: req.params.id, serial: req.body.serial, log: req.log })),
  );
  r.get('/api/payment_requests/:id/terminal', { schema: { tags, params: ZIdParamsSchema, response: ONE } }, async (req) =>
    service.getTerminalRequest({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/payment_requests/:id/terminal/cancel', { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ONE } }, async (req) =>
    service.cancelTerminal({ ctx: contextOf(deps, req), id: req.params.id, log: req.log }),
  );
}
