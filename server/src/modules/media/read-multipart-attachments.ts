import type { FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../context';
import { validationError } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { deleteMedia, saveMedia } from './media.service';

/**
 * Reads a message-style body: JSON, or multipart text fields plus `file[]` parts. Files stream straight to
 * storage while their running total is held to the attachment limit; if anything fails, files saved so far are
 * removed again.
 */
export async function readMultipartAttachments(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  companyId: number;
  userId: number;
  req: FastifyRequest;
}): Promise<{ fields: Record<string, unknown>; mediaIds: number[] }> {
  const { deps, companyId, req } = opts;
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, mediaIds: [] };
  const mediaIds: number[] = [];
  let used = 0;
  try {
    const fields = await readMultipartForm({
      request: req,
      onFile: async (file) => {
        if (file.fieldname !== 'file[]' && file.fieldname !== 'file') {
          file.file.resume();
          throw validationError([{ propertyPath: file.fieldname, message: 'Attach files as file[].' }]);
        }
        const row = await saveMedia({
          deps,
          companyId,
          userId: opts.userId,
          file: { filename: file.filename, mimetype: file.mimetype, stream: file.file },
          maxBytes: deps.config.attachmentLimitBytes - used,
        });
        used += row.size;
        mediaIds.push(row.id);
      },
    });
    return { fields, mediaIds };
  } catch (err) {
    await discardAttachments({ deps, companyId, mediaIds });
    throw err;
  }
}

export async function discardAttachments(opts: { deps: Pick<TAppDeps, 'config' | 'db'>; companyId: number; mediaIds: number[] }): Promise<void> {
  await Promise.all(opts.mediaIds.map((id) => deleteMedia({ deps: opts.deps, companyId: opts.companyId, id }).catch(() => undefined)));
}
