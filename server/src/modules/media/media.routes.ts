import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { ZMediaObjectSchema } from '@cd/contracts/media';
import { AppError, validationError, violationsFromZod } from '../../lib/errors';
import { errorResponses, multipartBody, noContent } from '../../lib/openapi';
import { readMultipartForm } from '../../lib/multipart-form';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { verifySignedStorageUrl } from '../../lib/signed-url';
import { isInlineSafeMimeType } from '../../lib/sniff-mime';
import { mimeTypeForStorageKey, resolveStoragePath } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import { presentMedia } from './media.presenter';
import * as service from './media.service';
import { idRefOf } from '@cd/contracts/ids';

const ZCompanyQuerySchema = z.object({ company: idRefOf('companies').optional() });

/** Form fields next to `file`; an empty form value means "not given". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const ZMediaUploadFieldsSchema = z
  .object({
    entityName: z.preprocess(blankToUndefined, z.enum(service.MEDIA_ENTITY_NAMES).optional()),
    // The id, or the IRI of the entity named by entityName (checked below).
    entityId: z.preprocess(blankToUndefined, z.string().regex(/^(?:\/api\/[a-z_]+\/)?[1-9][0-9]{0,15}$/, 'Expected an id or IRI.').optional()),
    entityField: z.preprocess(blankToUndefined, z.enum(service.COMPANY_IMAGE_FIELDS).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.entityName && v.entityId === undefined) ctx.addIssue({ code: 'custom', path: ['entityId'], message: 'entityId is required with entityName.' });
    if (!v.entityName && v.entityId !== undefined) ctx.addIssue({ code: 'custom', path: ['entityName'], message: 'entityName is required with entityId.' });
    if (v.entityField && v.entityName !== 'Company')
      ctx.addIssue({ code: 'custom', path: ['entityField'], message: 'entityField is only used for Company uploads.' });
    // An IRI must name the entity type given (`/api/users/5` is no company).
    if (v.entityName && v.entityId !== undefined && !idRefOf(MEDIA_ENTITY_RESOURCES[v.entityName]).safeParse(v.entityId).success)
      ctx.addIssue({ code: 'custom', path: ['entityId'], message: `Expected an id or /api/${MEDIA_ENTITY_RESOURCES[v.entityName]}/{id}.` });
  })
  .transform((v) => ({
    ...v,
    entityId: v.entityName && v.entityId !== undefined ? idRefOf(MEDIA_ENTITY_RESOURCES[v.entityName]).parse(v.entityId) : undefined,
  }));

/** The IRI collection of each entity a file can belong to. */
const MEDIA_ENTITY_RESOURCES: Record<service.TMediaEntityName, string> = {
  RepairOrder: 'repair_orders',
  User: 'users',
  Company: 'companies',
  Offer: 'offers',
  Interest: 'interests',
  Questionnaire: 'questionnaires',
  RepairOrderLine: 'repair_order_lines',
};

/** The upload form; `entityName: Company` with `entityField` is how a company's hero/logo images are uploaded. */
const UPLOAD_FORM = multipartBody({
  fields: ZMediaUploadFieldsSchema,
  io: 'output',
  files: { file: { description: 'The file (one per upload).', required: true } },
});

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: an extra file part must still be read for the parser to reach the next part.
  }
}

/**
 * Reads the multipart form: the `file` part is staged to disk at once (streams cannot wait), the text fields are
 * collected; the rules that depend on the fields (hero/logo limits) are applied after the whole form is read,
 * because clients may send the fields after the file.
 */
async function readUploadForm(opts: { deps: TAppDeps; request: FastifyRequest }) {
  let media: service.TStagedMedia | undefined;
  let extraFiles = 0;
  let fields: Record<string, string>;
  try {
    fields = await readMultipartForm({
      request: opts.request,
      onFile: async (part) => {
        if (part.fieldname !== 'file' || media) {
          extraFiles++;
          await drain(part.file);
          return;
        }
        media = await service.stageMedia({
          config: opts.deps.config,
          file: { filename: part.filename, mimetype: part.mimetype, stream: part.file },
          maxBytes: MAX_TOTAL_ATTACHMENT_BYTES,
        });
      },
    });
  } catch (err) {
    if (media) await service.discardStagedMedia({ media });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 'err_total_attachment_size');
    throw err;
  }
  return { fields, media, extraFiles };
}

function contentDisposition(opts: { inline: boolean; key: string }): string {
  // The name offered is the random stored one; the SPA sets `download=<originalFileName>` on its links.
  return `${opts.inline ? 'inline' : 'attachment'}; filename="${path.posix.basename(opts.key)}"`;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; several ranges are answered with the whole file (allowed by RFC 9110). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

async function serveStoredFile(deps: TAppDeps, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as Record<string, string>)['*'] ?? '';
  const query = request.query as Record<string, unknown>;
  const check = verifySignedStorageUrl({ config: deps.config, key, expires: query.expires, sig: query.sig });
  if (!check.ok) throw new AppError('forbidden', check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.');
  const file = resolveStoragePath({ config: deps.config, key });
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) throw new AppError('not_found', 'File not found.');

  const mimeType = mimeTypeForStorageKey(key);
  const inline = isInlineSafeMimeType(mimeType);
  const maxAge = Math.max(0, check.expires - Math.floor(Date.now() / 1000));
  reply
    // Anything not safe to render from our origin is opaque bytes to the browser and offered as a download.
    .header('content-type', inline ? mimeType : mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition({ inline, key }))
    .header('cache-control', `private, max-age=${maxAge}, immutable`)
    .header('accept-ranges', 'bytes');
  // A sandbox keeps any script in a file from running as our origin; Chrome's PDF viewer refuses sandboxed pages.
  if (mimeType !== 'application/pdf') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");

  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send();
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(createReadStream(file, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', String(info.size)).send(createReadStream(file));
}

export async function mediaRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];

  const upload = {
    config: { openapi: UPLOAD_FORM },
    schema: { tags, querystring: ZCompanyQuerySchema, response: { 201: ZMediaObjectSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422) } },
  };
  const one = { tags, params: ZIdParamsSchema, querystring: ZCompanyQuerySchema };

  r.post('/api/media_objects', upload, async (req, reply) => {
    const ctx = contextOf(deps, req);
    const companyId = service.resolveMediaCompanyId({ ctx, requested: req.query.company });
    if (!req.isMultipart())
      throw validationError([{ propertyPath: 'file', message: 'Send the file as multipart/form-data in a "file" field.' }]);
    const { fields, media, extraFiles } = await readUploadForm({ deps, request: req });
    try {
      if (!media) throw validationError([{ propertyPath: 'file', message: 'A file is required.' }]);
      if (extraFiles) throw validationError([{ propertyPath: 'file', message: 'Send exactly one file per upload.' }]);
      const parsed = ZMediaUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
      const f = parsed.data;
      const entity = f.entityName ? { name: f.entityName, id: f.entityId!, field: f.entityField ?? null } : null;
      service.assertMediaEntity({ companyId, entity });
      const row = await service.storeStagedMedia({ deps, companyId, userId: ctx.actor.user.id, media, entity });
      return reply.status(201).send(presentMedia({ config: deps.config, row }));
    } catch (err) {
      // storeStagedMedia cleans up after itself; refusals before it must remove the temp file here.
      if (media) await service.discardStagedMedia({ media });
      throw err;
    }
  });

  r.get('/api/media_objects/:id', { schema: { ...one, response: { 200: ZMediaObjectSchema, ...errorResponses(400, 401, 403, 404) } } }, async (req) => {
    const companyId = service.resolveMediaCompanyId({ ctx: contextOf(deps, req), requested: req.query.company });
    return presentMedia({ config: deps.config, row: await service.getMedia({ deps, companyId, id: req.params.id }) });
  });

  r.delete('/api/media_objects/:id', { schema: { ...one, response: { ...noContent, ...errorResponses(400, 401, 403, 404) } } }, async (req, reply) => {
    const companyId = service.resolveMediaCompanyId({ ctx: contextOf(deps, req), requested: req.query.company });
    await service.deleteMedia({ deps, companyId, id: req.params.id });
    return reply.status(204).send(null);
  });

  // Outside /api: the signature is the permission (browsers' <img> and providers carry no bearer token).
  r.get('/storage/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => serveStoredFile(deps, req, reply));
}
