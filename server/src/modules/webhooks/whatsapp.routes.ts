import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whatsAppWebhookSecretsOf } from '../../channels/whatsapp/whatsapp-channel';
import { answerWhatsAppHandshake, parseWhatsAppNotification, verifyWhatsAppSignature } from '../../channels/whatsapp/whatsapp-webhooks';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses, textResponse } from '../../lib/openapi';
import { ZMessageSchema } from '@cd/contracts/message';
import { contextOf } from '../../plugins/auth';
import { findCompanyBySlug } from '../companies/companies.api';
import { applyProviderStatus, receiveInbound, sendMessage } from '../messages/messages.service';
import { idRefOf } from '@cd/contracts/ids';

const ZSlugParamsSchema = z.object({ companySlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
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
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function findCompany(deps: TAppDeps, slug: string) {
  const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, slug));
  return company ? { company, ...whatsAppWebhookSecretsOf({ company, encryptionKey: deps.config.encryptionKey }) } : null;
}

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
    const handshake = { config, schema: { tags, params: ZSlugParamsSchema, querystring: ZHandshakeQuerySchema, response: { 200: challengeText, ...errorResponses(400, 403) } } };
    r.get('/api/webhooks/whatsapp/:companySlug', handshake, async (req, reply) => {
      const found = await findCompany(deps, req.params.companySlug);
      const challenge = answerWhatsAppHandshake({
        mode: req.query['hub.mode'],
        verifyToken: req.query['hub.verify_token'],
        challenge: req.query['hub.challenge'],
        expectedToken: found?.verifyToken ?? null,
      });
      if (challenge === null) throw new AppError('forbidden', 'WhatsApp webhook verification failed.');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    });

    /**
     * Notifications: X-Hub-Signature-256 is checked over the raw body before anything is parsed (missing → 400,
     * wrong → 403, nothing stored). Then every message and status of every entry is applied; a failure answers
     * 500 so Meta delivers again, and receiveInbound's dedupe on the wamid makes that harmless.
     */
    const notify = { config, schema: { tags, params: ZSlugParamsSchema, response: { 200: z.object({}).describe('Applied.'), ...errorResponses(400, 403, 404) } } };
    r.post('/api/webhooks/whatsapp/:companySlug', notify, async (req, reply) => {
      const found = await findCompany(deps, req.params.companySlug);
      if (!found?.appSecret) throw new AppError('not_found', 'WhatsApp is not configured for this company.');
      const signature = first(req.headers['x-hub-signature-256']);
      if (!signature) throw new AppError('bad_request', 'Missing X-Hub-Signature-256.');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyWhatsAppSignature({ appSecret: found.appSecret, rawBody: raw, signature })) throw new AppError('forbidden', 'Invalid X-Hub-Signature-256.');
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The notification is not JSON.');
      }
      const { company, phoneNumberId } = found;
      const notification = parseWhatsAppNotification(payload);
      // One Meta app may serve several numbers; only this company's number is ours to record.
      const ours = (id: string | null) => !id || !phoneNumberId || id === phoneNumberId;
      for (const m of notification.messages) {
        const digits = m.from.replace(/\D/g, '');
        if (!digits || !ours(m.phoneNumberId)) continue;
        await receiveInbound({
          deps,
          inbound: {
            companyId: company.id,
            channel: 'whatsapp',
            from: { phone: `+${digits}`, ...(m.name ? { name: m.name } : {}) },
            body: m.body,
            providerMessageId: m.wamid,
            media: m.media,
          },
        });
      }
      for (const s of notification.statuses) {
        if (!s.status || !ours(s.phoneNumberId)) continue;
        // Our message id travels as biz_opaque_callback_data; it lets `sent`/`delivered`/`read` find a message whose
        // wamid is not recorded yet (a send interrupted before its commit). Not for `failed`: a late failure of an
        // earlier attempt must not attach itself to a retry the agent just started.
        const messageId = s.status !== 'FAILED' && s.callbackData && /^\d{1,15}$/.test(s.callbackData) ? Number(s.callbackData) : undefined;
        await applyProviderStatus({
          deps,
          companyId: company.id,
          channel: 'whatsapp',
          messageId,
          providerMessageId: s.wamid,
          status: s.status,
          errorCode: s.errorCode,
          errorMessage: s.errorMessage,
        });
      }
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
