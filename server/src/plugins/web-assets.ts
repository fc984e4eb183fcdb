import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Vite writes content-hashed names under assets/: a changed file gets a new name, so these never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, theme-init.js, favicon) keeps its name across builds: revalidate each time. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. The build writes `.br` and `.gz` siblings next to each text asset
 * (web/vite/precompress-assets.ts); @fastify/static picks the best one the client accepts and adds
 * `Vary: Accept-Encoding`, so nothing is compressed per request. `sendFile('index.html')` (the SPA fallback in
 * app.ts) goes through the same negotiation and headers.
 */
export const webAssetsPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const assetsDir = path.join(opts.webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: opts.webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are variants of their file, not addresses of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
});
