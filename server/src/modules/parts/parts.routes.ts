import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PARTS_TICKET_KINDS,
  PARTS_TICKET_RESOURCE,
  ZPartsCustomerCreateSchema,
  ZPartsCustomerListQuerySchema,
  ZPartsCustomerPatchSchema,
  ZPartsCustomerSchema,
  ZPartsStatementCreateSchema,
  ZPartsStatementListQuerySchema,
  ZPartsStatementSchema,
  ZPartsTicketCreateSchema,
  ZPartsTicketListQuerySchema,
  ZPartsTicketSchema,
} from '@cd/contracts/parts';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as customers from './parts-customers.service';
import * as tickets from './parts-tickets.service';
import { sendPartsStatement, sendPartsTicket } from './parts-send.service';

const ZEmptyBodySchema = z.strictObject({}).nullish();

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

/** Parts sales (spec part 2 §7): /api/parts_customers, parts_sales, parts_counter_tickets, parts_statements. */
export async function partsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parts'];

  r.get(
    '/api/parts_customers',
    { schema: { tags, querystring: ZPartsCustomerListQuerySchema, response: { 200: cappedCollectionOf(ZPartsCustomerSchema), ...READ } } },
    async (req) =>
      keysetListCollection({
        path: '/api/parts_customers',
        context: '/api/contexts/PartsCustomer',
        query: req.query,
        page: await customers.listPartsCustomers({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  r.get('/api/parts_customers/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZPartsCustomerSchema, ...READ } } }, async (req) =>
    customers.getPartsCustomer({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/parts_customers',
    { schema: { tags, body: ZPartsCustomerCreateSchema, response: { 201: ZPartsCustomerSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await customers.createPartsCustomer({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch(
    '/api/parts_customers/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZPartsCustomerPatchSchema, response: { 200: ZPartsCustomerSchema, ...WRITE } } },
    async (req) => customers.changePartsCustomer({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete('/api/parts_customers/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await customers.deletePartsCustomer({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  for (const kind of PARTS_TICKET_KINDS) {
    const path = `/api/${PARTS_TICKET_RESOURCE[kind]}`;
    r.get(
      path,
      { schema: { tags, querystring: ZPartsTicketListQuerySchema, response: { 200: cappedCollectionOf(ZPartsTicketSchema), ...READ } } },
      async (req) =>
        keysetListCollection({
          path,
          context: `/api/contexts/${kind === 'sale' ? 'PartsSale' : 'PartsCounterTicket'}`,
          query: req.query,
          page: await tickets.listPartsTickets({ ctx: contextOf(deps, req), kind, query: req.query }),
        }),
    );
    r.get(`${path}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZPartsTicketSchema, ...READ } } }, async (req) =>
      tickets.getPartsTicket({ ctx: contextOf(deps, req), kind, id: req.params.id }),
    );
    r.post(path, { schema: { tags, body: ZPartsTicketCreateSchema, response: { 201: ZPartsTicketSchema, ...WRITE } } }, async (req, reply) =>
      reply.status(201).send(await tickets.createPartsTicket({ ctx: contextOf(deps, req), kind, body: req.body })),
    );
    // Texts the customer a payment link for the ticket (once while a link is pending).
    r.post(
      `${path}/:id/send`,
      { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: { 200: ZPartsTicketSchema, ...WRITE } } },
      async (req) => sendPartsTicket({ ctx: contextOf(deps, req), kind, id: req.params.id }),
    );
  }

  r.get(
    '/api/parts_statements',
    { schema: { tags, querystring: ZPartsStatementListQuerySchema, response: { 200: cappedCollectionOf(ZPartsStatementSchema), ...READ } } },
    async (req) =>
      keysetListCollection({
        path: '/api/parts_statements',
        context: '/api/contexts/PartsStatement',
        query: req.query,
        page: await tickets.listPartsStatements({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  r.get('/api/parts_statements/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZPartsStatementSchema, ...READ } } }, async (req) =>
    tickets.getPartsStatement({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/parts_statements',
    { schema: { tags, body: ZPartsStatementCreateSchema, response: { 201: ZPartsStatementSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await tickets.createPartsStatement({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.post(
    '/api/parts_statements/:id/send',
    { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: { 200: ZPartsStatementSchema, ...WRITE } } },
    async (req) => sendPartsStatement({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.delete('/api/parts_statements/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await tickets.deletePartsStatement({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
