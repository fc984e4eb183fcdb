import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsGatewaySigningKeyOf } from '../../channels/sms-gateway/sms-gateway-channel';
import { parseSmsGatewayWebhook, verifySmsGatewaySignature } from '../../channels/sms-gateway/sms-gateway-webhooks';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { isVerifiedReplay, markWebhookOutcome } from '../development/webhook-log.api';
import { firstHeader, resolveWebhookCompany, ZWebhookSlugParamsSchema } from './resolve-company';
import { ingestSmsGatewayEvent } from './webhooks.service';


/**
 * Webhooks from "SMS Gateway for Android" (one URL for every event; the app registers one webhook per event).
 * The signature covers the raw body bytes plus X-Timestamp, so this plugin scope keeps JSON bodies as Buffers;
 * every other route keeps the normal JSON parser. Missing headers → 400, wrong or stale → 403, nothing stored.
 */
export async function smsGatewayWebhookRoutes(app: FastifyInstance, deps: TAppDeps) {
  await app.register(async (scope) => {
    // The app-wide guarded JSON parser is replaced here: the signature needs the raw bytes.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/webhooks/sms-gateway/:companySlug',
      { config: { public: true }, schema: { tags: ['webhooks'], params: ZWebhookSlugParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 403, 404) } } },
      async (req, reply) => {
        const { company, secret: signingKey } = await resolveWebhookCompany({
          deps,
          slug: req.params.companySlug,
          secretOf: (c) => smsGatewaySigningKeyOf({ company: c, encryptionKey: deps.config.encryptionKey }),
          notConfigured: 'No SMS gateway is configured for this company.',
        });
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        // A super admin's replay of a delivery that passed this check when it arrived (webhook log); a stale
        // timestamp is expected then.
        const check = isVerifiedReplay(req)
          ? 'ok'
          : verifySmsGatewaySignature({
              signingKey,
              rawBody,
              timestamp: firstHeader(req.headers['x-timestamp']),
              signature: firstHeader(req.headers['x-signature']),
            });
        if (check === 'missing') throw new AppError('bad_request', 'Missing X-Signature or X-Timestamp.');
        if (check === 'malformed') throw new AppError('bad_request', 'X-Timestamp must be unix seconds.');
        if (check === 'stale') throw new AppError('forbidden', 'X-Timestamp is more than 5 minutes away from now.');
        if (check !== 'ok') throw new AppError('forbidden', 'Invalid X-Signature.');

        let event;
        try {
          event = parseSmsGatewayWebhook(rawBody);
        } catch (err) {
          throw new AppError('bad_request', (err as Error).message);
        }

        const outcome = await ingestSmsGatewayEvent({ deps, company, event, onDuplicate: () => markWebhookOutcome(req, { verification: 'duplicate', outcome: 'ignored' }) });
        if (outcome === 'not_a_phone' || event.kind === 'other') markWebhookOutcome(req, { outcome: 'ignored' });
        if (outcome === 'not_a_phone')
          req.log.warn({ companyId: company.id, from: event.kind === 'received' ? event.phoneNumber : null }, 'sms-gateway: inbound from a sender that is not a phone number, ignored');
        // system:ping and events we do not handle are acknowledged so the app does not retry them for two days.
        return reply.status(200).send({ ok: true });
      },
    );
  });
}
