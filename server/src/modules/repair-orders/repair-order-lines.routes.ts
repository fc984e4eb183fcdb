import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZLineAutocompleteOptionSchema,
  ZLineAutocompleteQuerySchema,
  ZRepairOrderLineCreateSchema,
  ZRepairOrderLinePatchSchema,
  ZRepairOrderLineSchema,
  type TRepairOrderLinePatch,
} from '@cd/contracts/repair-order-line';
import type { TAppDeps } from '../../context';
import { idOfRef } from '../../lib/id-ref';
import { errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as lines from './repair-order-lines.service';
import type { TLineValues } from './repair-orders.repository';

const fileIdsOf = (files: string[] | undefined) => files?.map((ref, i) => idOfRef({ ref, resource: 'media_objects', propertyPath: `files[${i}]` }));

function patchValuesOf(body: TRepairOrderLinePatch): Partial<TLineValues> {
  const v: Partial<TLineValues> = {};
  if (body.description !== undefined) v.description = body.description;
  if (body.price !== undefined) v.priceCents = body.price;
  if (body.status !== undefined) v.status = body.status;
  return v;
}

const LINE = { 200: ZRepairOrderLineSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) };

export async function repairOrderLinesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['repair_order_lines'];

  r.get(
    '/api/repair_order_lines/autocomplete_options',
    {
      schema: { tags, querystring: ZLineAutocompleteQuerySchema, response: { 200: z.array(ZLineAutocompleteOptionSchema), ...errorResponses(400, 401, 403) } },
    },
    async (req) => lines.autocompleteLines({ ctx: contextOf(deps, req), q: req.query.q || undefined }),
  );
  r.post(
    '/api/repair_order_lines',
    { schema: { tags, body: ZRepairOrderLineCreateSchema, response: { 201: ZRepairOrderLineSchema, ...errorResponses(400, 401, 403, 409, 415, 422) } } },
    async (req, reply) => {
      const b = req.body;
      const line = await lines.createLine({
        ctx: contextOf(deps, req),
        orderId: b.repairOrder,
        values: { description: b.description, priceCents: b.price, status: b.status ?? 'pending' },
        fileIds: fileIdsOf(b.files),
        fromRecommendation: b.fromRecommendation,
      });
      return reply.status(201).send(line);
    },
  );
  r.get(
    '/api/repair_order_lines/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZRepairOrderLineSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => lines.getLine({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch('/api/repair_order_lines/:id', { schema: { tags, params: ZIdParamsSchema, body: ZRepairOrderLinePatchSchema, response: LINE } }, async (req) =>
    lines.changeLine({ ctx: contextOf(deps, req), id: req.params.id, values: patchValuesOf(req.body), fileIds: fileIdsOf(req.body.files) }),
  );
  r.delete(
    '/api/repair_order_lines/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (req, reply) => {
      await lines.deleteLine({ ctx: contextOf(deps, req), id: req.params.id });
      return reply.status(204).send(null);
    },
  );
}
