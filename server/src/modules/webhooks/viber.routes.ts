import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viberTokenOf } from '../../channels/viber/viber-channel';
import { parseViberCallback, verifyViberSignature, ViberCallbackError, type TViberCallback } from '../../channels/viber/viber-webhooks';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { isVerifiedReplay, markWebhookOutcome } from '../development/webhook-log.api';
import { firstHeader, resolveWebhookCompany, ZWebhookSlugParamsSchema } from './resolve-company';
import { ingestViberCallback } from './webhooks.service';

const ZQuerySchema = z.object({ sig: z.string().max(200).optional() });
/** The conversation_started answer: a send_message body without `receiver` (see buildViberWelcome). */
const ZViberWelcomeSchema = z.object({
  type: z.string().describe('Always text.'),
  sender: z.object({ name: z.string(), avatar: z.string().optional() }),
  text: z.string().optional(),
  keyboard: z.unknown().optional().describe('A one-button keyboard when a button text is configured.'),
});

/**
 * POST /api/webhooks/viber/{companySlug}: every Viber callback of the company's bot. The signature
 * (X-Viber-Content-Signature, or `?sig=` as the Node SDK accepts) is checked over the raw body before anything is
 * parsed: missing → 400, wrong → 403, and nothing is stored. Everything valid answers 200, as Viber requires.
 */
export async function viberWebhookRoutes(app: FastifyInstance, deps: TAppDeps) {
  // Own scope: the raw-body JSON parser applies to this route only; every other route keeps the normal one.
  await app.register(async (scope) => {
    // The app-wide guarded JSON parser is replaced here: the signature needs the raw bytes.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/webhooks/viber/:companySlug',
      { config: { public: true }, schema: {
          tags: ['webhooks'],
          params: ZWebhookSlugParamsSchema,
          querystring: ZQuerySchema,
          response: {
            200: ZViberWelcomeSchema.optional().describe('Acknowledged. For conversation_started, the welcome message Viber shows; otherwise no body.'),
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (req, reply) => {
        const { company, secret: token } = await resolveWebhookCompany({
          deps,
          slug: req.params.companySlug,
          secretOf: (c) => viberTokenOf({ company: c, encryptionKey: deps.config.encryptionKey }),
          notConfigured: 'No Viber bot is configured for this company.',
        });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        // A super admin's replay of a delivery that passed this check when it arrived (webhook log).
        if (!isVerifiedReplay(req)) {
          const signature = firstHeader(req.headers['x-viber-content-signature']) ?? req.query.sig;
          if (!signature) throw new AppError('bad_request', 'Missing X-Viber-Content-Signature.');
          if (!verifyViberSignature({ token, body: raw, signature })) throw new AppError('forbidden', 'Invalid X-Viber-Content-Signature.');
        }

        let cb: TViberCallback;
        try {
          cb = parseViberCallback(raw);
        } catch (err) {
          if (err instanceof ViberCallbackError) throw new AppError('bad_request', err.message);
          throw err;
        }
        const welcome = await ingestViberCallback({ deps, company, callback: cb, onDuplicate: () => markWebhookOutcome(req, { verification: 'duplicate', outcome: 'ignored' }) });
        if (welcome) return reply.status(200).type('application/json').send(welcome);
        return reply.status(200).send(undefined);
      },
    );
  });
}
