import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { twilioCredentialsOf } from '../../channels/sms-provider/sms-provider-channel';
import {
  parseTwilioInbound,
  parseTwilioStatus,
  requestUrlForSignature,
  twimlResponse,
  verifyTwilioSignature,
  type TTwilioParams,
} from '../../channels/sms-provider/twilio-webhooks';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses, noContent, textResponse } from '../../lib/openapi';
import { isVerifiedReplay, markWebhookOutcome } from '../development/webhook-log.api';
import { firstHeader, resolveWebhookCompany, ZWebhookSlugParamsSchema } from './resolve-company';
import { ingestTwilioInbound, ingestTwilioStatus } from './webhooks.service';
import { ZIdStringSchema } from '@cd/contracts/ids';


/**
 * Checks X-Twilio-Signature against the URL this request was made to (as received; X-Forwarded-* only behind a
 * trusted proxy) with the company's auth token. Missing → 400, wrong → 403, and nothing is stored.
 */
async function authenticateWebhook(deps: TAppDeps, req: FastifyRequest, slug: string) {
  const { company, secret: creds } = await resolveWebhookCompany({
    deps,
    slug,
    secretOf: (c) => twilioCredentialsOf({ company: c, encryptionKey: deps.config.encryptionKey, baseUrl: deps.config.twilioBaseUrl }),
    notConfigured: 'No SMS provider is configured for this company.',
  });
  // A super admin's replay of a delivery that passed this check when it arrived (webhook log).
  if (isVerifiedReplay(req)) return { company, params: (req.body ?? {}) as TTwilioParams };
  const signature = firstHeader(req.headers['x-twilio-signature']);
  if (!signature) throw new AppError('bad_request', 'Missing X-Twilio-Signature.');
  const url = requestUrlForSignature({
    protocol: req.protocol,
    host: req.headers.host ?? '',
    url: req.url,
    trustedProxy: deps.config.trustProxy,
    forwardedProto: firstHeader(req.headers['x-forwarded-proto']),
    forwardedHost: firstHeader(req.headers['x-forwarded-host']),
    forwardedPort: firstHeader(req.headers['x-forwarded-port']),
  });
  const params = (req.body ?? {}) as TTwilioParams;
  if (!verifyTwilioSignature({ authToken: creds.authToken, url, params, signature }))
    throw new AppError('forbidden', 'Invalid X-Twilio-Signature.');
  return { company, params };
}

export async function smsProviderWebhookRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { public: true };
  const tags = ['webhooks'];

  const twiml = textResponse({ contentType: 'text/xml', description: 'An empty TwiML answer (no automatic reply).' });
  const inboundOptions = { config, schema: { tags, params: ZWebhookSlugParamsSchema, response: { 200: twiml, ...errorResponses(400, 403, 404, 415) } } };
  r.post('/api/webhooks/sms-provider/:companySlug/inbound', inboundOptions, async (req, reply) => {
    const { company, params } = await authenticateWebhook(deps, req, req.params.companySlug);
    let inbound;
    try {
      inbound = parseTwilioInbound(params);
    } catch (err) {
      throw new AppError('bad_request', (err as Error).message);
    }
    await ingestTwilioInbound({ deps, company, inbound, onDuplicate: () => markWebhookOutcome(req, { verification: 'duplicate', outcome: 'ignored' }) });
    return reply.type('text/xml').send(twimlResponse());
  });

  r.post(
    '/api/webhooks/sms-provider/:companySlug/status',
    { config, schema: { tags, params: ZWebhookSlugParamsSchema, querystring: z.object({ messageId: ZIdStringSchema.optional() }), response: { ...noContent, ...errorResponses(400, 403, 404, 415) } } },
    async (req, reply) => {
      const { company, params } = await authenticateWebhook(deps, req, req.params.companySlug);
      let status;
      try {
        status = parseTwilioStatus(params);
      } catch (err) {
        throw new AppError('bad_request', (err as Error).message);
      }
      await ingestTwilioStatus({ deps, company, status, messageId: req.query.messageId });
      return reply.status(204).send(null);
    },
  );
}

