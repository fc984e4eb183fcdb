import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { observeHttpRequest } from '../lib/metrics';

/** Live streams stay open for hours: their length is not a latency (courier_sse_subscribers counts them instead). */
const LONG_LIVED_ROUTES = new Set(['/.well-known/mercure']);

/**
 * Times every answered request into courier_http_request_duration_seconds, labelled by the route pattern Fastify
 * matched (`/api/customers/:id`), never the raw URL, so the series stay bounded. Registered only when /metrics is served.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const routePattern = request.routeOptions.url;
    if (routePattern && LONG_LIVED_ROUTES.has(routePattern)) return;
    observeHttpRequest({ method: request.method, routePattern, statusCode: reply.statusCode, durationMs: reply.elapsedTime });
  });
});
