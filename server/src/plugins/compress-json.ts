import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { pickContentCoding } from '../lib/accept-encoding';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON, problem+json, merge-patch and other `+json` answers; CSV, files and event streams are left as they are. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;
/** Below about one network packet compression saves no round trip and costs CPU on both ends. */
export const COMPRESS_MIN_BYTES = 1024;
/** Quality 4 compresses JSON close to gzip's best at a fraction of brotli's default (11) CPU. */
const BROTLI_QUALITY = 4;

function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses serialized JSON answers of `minBytes` or more with brotli or gzip, as the client accepts. Streams are
 * never touched: the live-update stream hijacks its socket and files are streams, so neither reaches this hook as
 * a string or buffer. Built web assets are compressed at build time instead (see web-assets.ts).
 */
export const compressJsonPlugin = fp(async (app: FastifyInstance, opts: { minBytes?: number }) => {
  const minBytes = opts.minBytes ?? COMPRESS_MIN_BYTES;
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < minBytes) return payload;
    // The answer depends on the request's Accept-Encoding from here on, whichever coding is chosen.
    addVaryAcceptEncoding(reply);
    const coding = pickContentCoding({ acceptEncoding: request.headers['accept-encoding'] });
    if (!coding) return payload;
    const body =
      coding === 'br'
        ? await brotliAsync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : await gzipAsync(payload);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return body;
  });
});
