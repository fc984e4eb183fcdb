import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdStringSchema } from '@cd/contracts/ids';
import { ZIsoDateTimeSchema } from '@cd/contracts/refs';
import { ZReportCreateSchema, ZReportDataSchema, ZReportListQuerySchema, ZReportSchema } from '@cd/contracts/reports';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent, textResponse } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { XLSX_MIME } from './report-xlsx';
import { sweepDueReports } from './reports-planning';
import * as service from './reports.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const ZEmptyBodySchema = z.strictObject({}).nullish();
/** 20 recipients and 50 + 50 filter values fit well under this. */
const CREATE_BODY_LIMIT = 32 * 1024;
/** Mailed-link downloads per address and minute: a person clicks a few; a script walking ids is stopped. */
export const REPORT_PUBLIC_PER_IP = 30;

const FILE_RESPONSES = {
  pdf: textResponse({ contentType: 'application/pdf', description: 'The report as a PDF.' }),
  xlsx: textResponse({ contentType: XLSX_MIME, description: 'The report as an Excel workbook.' }),
};

function sendFile(reply: FastifyReply, file: service.TReportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** Reports (spec part 2 §1–§4): CRUD, run now, the figures, the files, and the mailed links' public download. */
export async function reportsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get('/api/reports', { schema: { tags, querystring: ZReportListQuerySchema, response: { 200: cappedCollectionOf(ZReportSchema), ...READ } } }, async (req) =>
    keysetListCollection({
      path: '/api/reports',
      context: '/api/contexts/Report',
      query: req.query,
      page: await service.listReports({ ctx: contextOf(deps, req), query: req.query }),
    }),
  );
  r.get('/api/reports/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZReportSchema, ...READ } } }, async (req) =>
    service.getReport({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.get(
    '/api/reports/:id/data',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZReportDataSchema, ...READ, ...errorResponses(409) } } },
    async (req) => service.getReportData({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/reports',
    { bodyLimit: CREATE_BODY_LIMIT, schema: { tags, body: ZReportCreateSchema, response: { 201: ZReportSchema, ...WRITE, ...errorResponses(413) } } },
    async (req, reply) => reply.status(201).send(await service.createReport({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.delete('/api/reports/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await service.deleteReport({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.post(
    '/api/reports/:id/run',
    { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: { 202: ZReportSchema, ...WRITE } } },
    async (req, reply) => reply.status(202).send(await service.runReport({ ctx: contextOf(deps, req), id: req.params.id })),
  );
  for (const format of ['pdf', 'xlsx'] as const)
    r.get(
      `/api/reports/:id/${format}`,
      { schema: { tags, params: ZIdParamsSchema, response: { 200: FILE_RESPONSES[format], ...READ, ...errorResponses(409) } } },
      async (req, reply) => sendFile(reply as FastifyReply, await service.getReportFile({ ctx: contextOf(deps, req), id: req.params.id, format })),
    );

  // Public (no sign-in): the download links in a report's mail. Counted before validation, so malformed links count too.
  const perIp = new WindowCounter(60_000);
  const limit = (req: FastifyRequest) => {
    const key = `report-download:${req.ip}`;
    if (perIp.add(key) > REPORT_PUBLIC_PER_IP)
      throw new AppError('rate_limited', 'Too many requests. Try again later.', undefined, { 'retry-after': String(perIp.retryAfterSeconds(key)) });
  };
  r.get(
    '/api/public/reports/:companyId/:reportId/:format',
    {
      config: { public: true },
      onRequest: async (req) => limit(req),
      schema: {
        tags: ['public'],
        params: z.object({ companyId: ZIdStringSchema, reportId: ZIdStringSchema, format: z.enum(['pdf', 'xlsx']) }),
        querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
        response: {
          200: textResponse({ contentType: 'application/octet-stream', description: 'The PDF or the workbook.' }),
          ...errorResponses(400, 403, 404, 410, 429),
        },
      },
    },
    async (req, reply) => {
      const file = await service.getSignedReportFile({
        deps,
        companyId: req.params.companyId,
        reportId: req.params.reportId,
        format: req.params.format,
        expires: req.query.expires,
        sig: req.query.sig,
      });
      return sendFile(reply as FastifyReply, file);
    },
  );
  // Test clock for the e2e suite (TEST_HOOKS): the sweeper's run for a chosen instant, i.e. a report slot reached now.
  if (deps.config.testHooks)
    r.post(
      '/api/test/reports/sweep',
      { schema: { tags, body: z.strictObject({ now: ZIsoDateTimeSchema }), response: { 200: z.object({ made: z.number().int() }), ...WRITE } } },
      async (req) => {
        if (!contextOf(deps, req).actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may move the report clock.');
        return { made: await sweepDueReports({ deps, now: new Date(req.body.now) }) };
      },
    );
}
