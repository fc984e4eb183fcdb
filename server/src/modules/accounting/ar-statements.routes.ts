import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZArStatementCreateSchema, ZArStatementListQuerySchema, ZArStatementSchema } from '@cd/contracts/accounting';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { keysetView } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, textResponse } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { sendStatement } from './ar-statement-send.service';
import * as statements from './ar-statements.service';

/** Statements of account (spec part 2 §7: GET and POST /api/automotive/statements), their PDF and sending. */
export async function arStatementsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounting'];

  r.get(
    '/api/automotive/statements',
    {
      schema: {
        tags,
        querystring: ZArStatementListQuerySchema,
        response: { 200: cappedCollectionOf(ZArStatementSchema), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (req) => {
      const member = await statements.listStatements({ ctx: contextOf(deps, req), query: req.query });
      const limit = req.query.itemsPerPage ?? statements.STATEMENTS_PAGE;
      const params = new URLSearchParams();
      if (req.query.customer) params.set('customer', String(req.query.customer));
      if (req.query.itemsPerPage) params.set('itemsPerPage', String(req.query.itemsPerPage));
      const base = `/api/automotive/statements?${params.toString()}`;
      const before = req.query['createdAt[strictly_before]'];
      const oldest = member.length === limit ? new Date(member[member.length - 1]!.createdAt) : null;
      return {
        '@context': '/api/contexts/Collection',
        '@id': base,
        '@type': 'Collection' as const,
        member,
        view: keysetView({ base, before: before ? new Date(before) : undefined, oldestShown: oldest }),
      };
    },
  );
  r.post(
    '/api/automotive/statements',
    { schema: { tags, body: ZArStatementCreateSchema, response: { 201: ZArStatementSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) } } },
    async (req, reply) => reply.status(201).send(await statements.createStatement({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.get(
    '/api/automotive/statements/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZArStatementSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => statements.getStatement({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/automotive/statements/:id/send',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: ZArStatementSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => sendStatement({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.get(
    '/api/automotive/statements/:id/pdf',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        response: { 200: textResponse({ contentType: 'application/pdf', description: 'The statement as a PDF.' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await statements.getStatementPdf({ ctx: contextOf(deps, req), id: req.params.id });
      // The typed reply only knows the documented string body; the PDF goes out as bytes.
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
