import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whatsAppWebhookSecretsOf } from '../../channels/whatsapp/whatsapp-channel';
import { answerWhatsAppHandshake, parseWhatsAppNotification, verifyWhatsAppSignature } from '../../channels/whatsapp/whatsapp-webhooks';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses, textResponse } from '../../lib/openapi';
import { ZMessageSchema } from '@cd/contracts/message';
import { contextOf } from '../../plugins/auth';
import { sendMessage } from '../messages/messages.api';
import { isVerifiedReplay, markWebhookOutcome } from '../development/webhook-log.api';
import { firstHeader, findWebhookCompany, resolveWebhookCompany, ZWebhookSlugParamsSchema } from './resolve-company';
import { ingestWhatsAppNotification } from './webhooks.service';
import { idRefOf } from '@cd/contracts/ids';

const ZHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
const ZInviteTemplateBodySchema = z.object({
  /** A customer id, or its IRI (/api/customers/5). */
  customer_id: idRefOf('customers'),
  content: z.string().max(1024),
});

export async function whatsappWebhookRoutes(app: FastifyInstance, deps: TAppDeps) {
  const config = { public: true };
  const tags = ['webhooks'];

  // Own scope: the signature covers the raw bytes, so this scope reads every body as a Buffer; other routes
  // keep the normal JSON parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    // Meta's subscription handshake: echo hub.challenge when hub.verify_token is the company's verify token.
    const challengeText = textResponse({ contentType: 'text/plain', description: 'hub.challenge, echoed.' });
    const handshake = { config, schema: { tags, params: ZWebhookSlugParamsSchema, querystring: ZHandshakeQuerySchema, response: { 200: challengeText, ...errorResponses(400, 403) } } };
    r.get('/api/webhooks/whatsapp/:companySlug', handshake, async (req, reply) => {
      const company = await findWebhookCompany({ deps, slug: req.params.companySlug });
      const challenge = answerWhatsAppHandshake({
        mode: req.query['hub.mode'],
        verifyToken: req.query['hub.verify_token'],
        challenge: req.query['hub.challenge'],
        expectedToken: company ? whatsAppWebhookSecretsOf({ company, encryptionKey: deps.config.encryptionKey }).verifyToken : null,
      });
      if (challenge === null) throw new AppError('forbidden', 'WhatsApp webhook verification failed.');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    });

    /**
     * Notifications: X-Hub-Signature-256 is checked over the raw body before anything is parsed (missing → 400,
     * wrong → 403, nothing stored). Then every message and status of every entry is applied; a failure answers
     * 500 so Meta delivers again, and receiveInbound's dedupe on the wamid makes that harmless.
     */
    const notify = { config, schema: { tags, params: ZWebhookSlugParamsSchema, response: { 200: z.object({}).describe('Applied.'), ...errorResponses(400, 403, 404) } } };
    r.post('/api/webhooks/whatsapp/:companySlug', notify, async (req, reply) => {
      const found = await resolveWebhookCompany({
        deps,
        slug: req.params.companySlug,
        secretOf: (company) => {
          const secrets = whatsAppWebhookSecretsOf({ company, encryptionKey: deps.config.encryptionKey });
          return secrets.appSecret ? { ...secrets, appSecret: secrets.appSecret } : null;
        },
        notConfigured: 'WhatsApp is not configured for this company.',
      });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      // A super admin's replay of a delivery that passed this check when it arrived (webhook log).
      if (!isVerifiedReplay(req)) {
        const signature = firstHeader(req.headers['x-hub-signature-256']);
        if (!signature) throw new AppError('bad_request', 'Missing X-Hub-Signature-256.');
        if (!verifyWhatsAppSignature({ appSecret: found.secret.appSecret, rawBody: raw, signature })) throw new AppError('forbidden', 'Invalid X-Hub-Signature-256.');
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The notification is not JSON.');
      }
      await ingestWhatsAppNotification({ deps, company: found.company, phoneNumberId: found.secret.phoneNumberId, notification: parseWhatsAppNotification(payload), onDuplicate: () => markWebhookOutcome(req, { verification: 'duplicate', outcome: 'ignored' }) });
      return reply.status(200).send({});
    });
  });

  // The only send allowed outside the 24-hour window: the company's approved invite template.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const invite = {
    schema: { tags: ['messages'], body: ZInviteTemplateBodySchema, response: { 201: ZMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) } },
  };
  r.post('/api/messages/send_whatsapp_invite_template', invite, async (req, reply) => {
    const message = await sendMessage({
      ctx: contextOf(deps, req),
      customerId: req.body.customer_id,
      content: req.body.content,
      channel: 'whatsapp',
      mediaIds: [],
      type: 'WHATSAPP_TEMPLATE',
    });
    return reply.status(201).send(message);
  });
}
