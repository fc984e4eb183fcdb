import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalIntOf } from '@cd/contracts/ids';
import {
  REPAIR_ORDERS_PER_PAGE,
  ZRepairOrderCreateSchema,
  ZRepairOrderListQuerySchema,
  ZRepairOrderPatchSchema,
  ZRepairOrderSchema,
  type TRepairOrderPatch,
} from '@cd/contracts/repair-order';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as actions from './repair-order-actions.service';
import type { TOrderValues } from './repair-orders.repository';
import * as service from './repair-orders.service';

const ZListQuerySchema = ZRepairOrderListQuerySchema.extend({ page: decimalIntOf({ min: 1, max: 100000 }).default(1) });
/** PUT …/close: `withoutSurvey` closes the order "without survey" (no survey will be planned for it). */
const ZCloseBodySchema = z.strictObject({ withoutSurvey: z.boolean().optional() }).nullish();
/** The other actions take no body; an empty object (what clients send with a PUT) is accepted. */
const ZEmptyBodySchema = z.strictObject({}).nullish();

const toDate = (v: string | null | undefined) => (v === null || v === undefined ? (v as null | undefined) : new Date(v));

function patchValuesOf(body: TRepairOrderPatch): Partial<TOrderValues> {
  const v: Partial<TOrderValues> = {};
  if (body.number !== undefined) v.number = body.number;
  if (body.title !== undefined) v.title = body.title;
  if (body.description !== undefined) v.description = body.description === '' ? null : body.description;
  if (body.price !== undefined) v.priceCents = body.price;
  if (body.type !== undefined) v.type = body.type === '' ? null : body.type;
  if (body.status !== undefined) v.status = body.status;
  if (body.vehicle !== undefined) v.vehicleId = body.vehicle;
  if (body.serviceAdvisor !== undefined) v.serviceAdvisorId = body.serviceAdvisor;
  if (body.mechanic !== undefined) v.mechanicId = body.mechanic;
  if (body.openedAt !== undefined) v.openedAt = new Date(body.openedAt);
  if (body.promisedAt !== undefined) v.promisedAt = toDate(body.promisedAt) as Date | null;
  return v;
}

const ORDER = { 200: ZRepairOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) };

export async function repairOrdersRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['repair_orders'];

  r.get(
    '/api/repair_orders',
    { schema: { tags, querystring: ZListQuerySchema, response: { 200: cappedCollectionOf(ZRepairOrderSchema), ...errorResponses(400, 401, 403) } } },
    async (req) => {
      const q = req.query;
      const itemsPerPage = q.per_page ?? REPAIR_ORDERS_PER_PAGE;
      const { member, total } = await service.listRepairOrders({
        ctx: contextOf(deps, req),
        filter: {
          customerId: q.customer,
          vehicleId: q.vehicle,
          status: q.status,
          closed: q['exists[closedAt]'],
          withSurvey: q['exists[survey]'],
          search: q.q || undefined,
        },
        limit: itemsPerPage,
        offset: (q.page - 1) * itemsPerPage,
        exactTotal: q.exactTotal,
      });
      return toCollection({ path: '/api/repair_orders', query: q, member, totalItems: total, page: q.page, itemsPerPage, paginated: true });
    },
  );
  r.post(
    '/api/repair_orders',
    { schema: { tags, body: ZRepairOrderCreateSchema, response: { 201: ZRepairOrderSchema, ...errorResponses(400, 401, 403, 409, 415, 422) } } },
    async (req, reply) => {
      const b = req.body;
      const order = await service.createRepairOrder({
        ctx: contextOf(deps, req),
        values: {
          customerId: b.customer,
          vehicleId: b.vehicle ?? null,
          number: b.number,
          title: b.title,
          description: b.description || null,
          priceCents: b.price,
          type: b.type || null,
          status: b.status,
          serviceAdvisorId: b.serviceAdvisor ?? null,
          mechanicId: b.mechanic ?? null,
          openedAt: b.openedAt ? new Date(b.openedAt) : new Date(),
          promisedAt: b.promisedAt ? new Date(b.promisedAt) : null,
        },
      });
      return reply.status(201).send(order);
    },
  );
  r.get(
    '/api/repair_orders/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZRepairOrderSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.getRepairOrder({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch('/api/repair_orders/:id', { schema: { tags, params: ZIdParamsSchema, body: ZRepairOrderPatchSchema, response: ORDER } }, async (req) =>
    service.changeRepairOrder({ ctx: contextOf(deps, req), id: req.params.id, values: patchValuesOf(req.body) }),
  );
  r.put('/api/repair_orders/:id/close', { schema: { tags, params: ZIdParamsSchema, body: ZCloseBodySchema, response: ORDER } }, async (req) =>
    actions.closeOrder({ ctx: contextOf(deps, req), id: req.params.id, withoutSurvey: req.body?.withoutSurvey ?? false }),
  );
  r.put('/api/repair_orders/:id/reopen', { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ORDER } }, async (req) =>
    actions.reopenOrder({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.put('/api/repair_orders/:id/send_vehicle_ready', { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ORDER } }, async (req) =>
    actions.sendVehicleReady({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.put('/api/repair_orders/:id/send_approval_request', { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ORDER } }, async (req) =>
    actions.sendApprovalRequest({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.put('/api/repair_orders/:id/send_survey', { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: ORDER } }, async (req) =>
    actions.sendSurvey({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
