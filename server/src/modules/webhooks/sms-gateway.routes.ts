import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsGatewaySigningKeyOf } from '../../channels/sms-gateway/sms-gateway-channel';
import { parseGatewayMessageId } from '../../channels/sms-gateway/sms-gateway-client';
import { normalizeGatewayPhone, parseSmsGatewayWebhook, verifySmsGatewaySignature } from '../../channels/sms-gateway/sms-gateway-webhooks';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { findCompanyBySlug } from '../companies/companies.api';
import { applyProviderStatus, receiveInbound } from '../messages/messages.service';

const ZSlugParamsSchema = z.object({ companySlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

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
      { config: { public: true }, schema: { tags: ['webhooks'], params: ZSlugParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 403, 404) } } },
      async (req, reply) => {
        const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, req.params.companySlug));
        const signingKey = company && smsGatewaySigningKeyOf({ company, encryptionKey: deps.config.encryptionKey });
        if (!company || !signingKey) throw new AppError('not_found', 'No SMS gateway is configured for this company.');
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const check = verifySmsGatewaySignature({
          signingKey,
          rawBody,
          timestamp: first(req.headers['x-timestamp']),
          signature: first(req.headers['x-signature']),
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

        if (event.kind === 'received') {
          const phone = normalizeGatewayPhone(event.phoneNumber);
          if (!phone) {
            // A short code or an alphanumeric sender (bank codes, carrier notices): nobody we can answer.
            req.log.warn({ companyId: company.id, from: event.phoneNumber }, 'sms-gateway: inbound from a sender that is not a phone number, ignored');
            return reply.status(200).send({ ok: true });
          }
          await receiveInbound({
            deps,
            inbound: {
              companyId: company.id,
              channel: 'sms_gateway',
              from: { phone },
              body: event.body,
              // The delivery's id: the payload's messageId is derived from the content and repeats.
              providerMessageId: event.eventId,
              media: [],
            },
          });
        } else if (event.kind === 'status') {
          // Our sends carry our id, so the status finds the message even before the send's result is committed.
          const ours = parseGatewayMessageId(event.messageId);
          await applyProviderStatus({
            deps,
            companyId: company.id,
            channel: 'sms_gateway',
            messageId: ours && ours.companyId === company.id ? ours.messageId : undefined,
            providerMessageId: event.messageId,
            status: event.status,
            errorMessage: event.error?.slice(0, 500) ?? null,
          });
        }
        // system:ping and events we do not handle are acknowledged so the app does not retry them for two days.
        return reply.status(200).send({ ok: true });
      },
    );
  });
}
