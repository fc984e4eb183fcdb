import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { isVerifiedReplay, markWebhookOutcome } from '../development/webhook-log.api';
import { handlePaymentWebhook } from './payment-webhook.service';

const ZPaymentWebhookParamsSchema = z.object({
  provider: z.enum(['usaepay', 'current', 'next']),
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/),
});

/** A processor's event is a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Card processors' transaction webhooks (spec part 2 §7: {host}/api/webhooks/payment/{provider}/{slug}/transaction).
 * The signature covers the raw body bytes, so this plugin scope keeps JSON bodies as Buffers (like the channel
 * webhooks); every other route keeps the normal JSON parser.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, deps: TAppDeps) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/webhooks/payment/:provider/:slug/transaction',
      {
        config: { public: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['webhooks'],
          params: ZPaymentWebhookParamsSchema,
          response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean(), outcome: z.string() }), ...errorResponses(400, 403, 404, 409, 413, 415) },
        },
      },
      async (req) => {
        const result = await handlePaymentWebhook({
          deps,
          provider: req.params.provider,
          slug: req.params.slug,
          rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          headers: req.headers,
          log: { info: (o, m) => req.log.info(o, m), warn: (o, m) => req.log.warn(o, m) },
          trusted: isVerifiedReplay(req),
        });
        // What the webhook log shows: an event id stored before, or an event that changed nothing.
        if (result.duplicate) markWebhookOutcome(req, { verification: 'duplicate', outcome: 'ignored' });
        else if (['ignored', 'unmatched', 'unknown_transaction'].includes(result.outcome)) markWebhookOutcome(req, { outcome: 'ignored' });
        return result;
      },
    );
  });
}
