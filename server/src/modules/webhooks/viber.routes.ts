import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TMessageStatus } from '@cd/contracts/message';
import { viberTokenOf } from '../../channels/viber/viber-channel';
import { buildViberWelcome, parseViberCallback, verifyViberSignature, ViberCallbackError, type TViberCallback, type TViberWelcomeOcs } from '../../channels/viber/viber-webhooks';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { findCompanyBySlug } from '../companies/companies.api';
import { applyProviderStatus, receiveInbound, recordChannelConsent } from '../messages/messages.service';

const ZSlugParamsSchema = z.object({ companySlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const ZQuerySchema = z.object({ sig: z.string().max(200).optional() });
/** The conversation_started answer: a send_message body without `receiver` (see buildViberWelcome). */
const ZViberWelcomeSchema = z.object({
  type: z.string().describe('Always text.'),
  sender: z.object({ name: z.string(), avatar: z.string().optional() }),
  text: z.string().optional(),
  keyboard: z.unknown().optional().describe('A one-button keyboard when a button text is configured.'),
});
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const STATUS_OF: Record<'delivered' | 'seen' | 'failed', TMessageStatus> = { delivered: 'DELIVERED', seen: 'SEEN', failed: 'FAILED' };
/**
 * Viber calls one webhook per bot, so a status callback cannot carry our message id (Twilio's trick); and
 * `delivered` can arrive before the worker has committed the token Viber just gave it. A callback whose token
 * is unknown is therefore looked up again a few times before it is dropped.
 */
const STATUS_LOOKUP_DELAYS_MS = [100, 250, 500];

async function applyStatus(deps: TAppDeps, companyId: number, cb: Extract<TViberCallback, { event: 'delivered' | 'seen' | 'failed' }>) {
  for (let i = 0; ; i++) {
    const { found } = await applyProviderStatus({
      deps,
      companyId,
      channel: 'viber',
      providerMessageId: cb.messageToken,
      status: STATUS_OF[cb.event],
      errorCode: cb.event === 'failed' ? 'viber_failed' : null,
      errorMessage: cb.event === 'failed' ? (cb.desc ?? 'Viber reported the message as failed.') : null,
    });
    const delay = STATUS_LOOKUP_DELAYS_MS[i];
    if (found || delay === undefined) return;
    await new Promise((r) => setTimeout(r, delay));
  }
}

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
          params: ZSlugParamsSchema,
          querystring: ZQuerySchema,
          response: {
            200: ZViberWelcomeSchema.optional().describe('Acknowledged. For conversation_started, the welcome message Viber shows; otherwise no body.'),
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (req, reply) => {
        const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, req.params.companySlug));
        const token = company && viberTokenOf({ company, encryptionKey: deps.config.encryptionKey });
        if (!company || !token) throw new AppError('not_found', 'No Viber bot is configured for this company.');
        const signature = first(req.headers['x-viber-content-signature']) ?? req.query.sig;
        if (!signature) throw new AppError('bad_request', 'Missing X-Viber-Content-Signature.');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!verifyViberSignature({ token, body: raw, signature })) throw new AppError('forbidden', 'Invalid X-Viber-Content-Signature.');

        let cb: TViberCallback;
        try {
          cb = parseViberCallback(raw);
        } catch (err) {
          if (err instanceof ViberCallbackError) throw new AppError('bad_request', err.message);
          throw err;
        }
        switch (cb.event) {
          case 'message':
            await receiveInbound({
              deps,
              inbound: {
                companyId: company.id,
                channel: 'viber',
                from: { viberUserId: cb.sender.id, ...(cb.sender.name ? { name: cb.sender.name } : {}) },
                body: cb.text,
                providerMessageId: cb.messageToken,
                media: cb.media,
              },
            });
            break;
          case 'delivered':
          case 'seen':
          case 'failed':
            await applyStatus(deps, company.id, cb);
            break;
          case 'subscribed':
          case 'unsubscribed':
            // An unknown subscriber gets no customer here: one is created with their first message.
            await recordChannelConsent({
              deps,
              companyId: company.id,
              identity: { viberUserId: cb.userId },
              kind: cb.event === 'subscribed' ? 'opt_in' : 'opt_out',
              source: cb.event === 'subscribed' ? 'viber_subscribed' : 'viber_unsubscribed',
              channel: 'viber',
            });
            break;
          case 'conversation_started': {
            // The welcome goes in this answer (Viber forbids send_message before the user subscribes); it is not
            // stored, as the user may never subscribe and has no customer yet.
            const welcome = buildViberWelcome({ companyName: company.name, ocs: company.ocs as TViberWelcomeOcs });
            if (welcome) return reply.status(200).type('application/json').send(welcome);
            break;
          }
          case 'webhook':
          case 'unknown':
            break;
        }
        return reply.status(200).send(undefined);
      },
    );
  });
}
