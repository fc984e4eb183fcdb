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
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses, noContent, textResponse } from '../../lib/openapi';
import { findCompanyBySlug } from '../companies/companies.api';
import { applyProviderStatus, receiveInbound } from '../messages/messages.service';
import { ZIdStringSchema } from '@cd/contracts/ids';

const ZSlugParamsSchema = z.object({ companySlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Checks X-Twilio-Signature against the URL this request was made to (as received; X-Forwarded-* only behind a
 * trusted proxy) with the company's auth token. Missing → 400, wrong → 403, and nothing is stored.
 */
async function authenticateWebhook(deps: TAppDeps, req: FastifyRequest, slug: string) {
  const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, slug));
  const creds = company && twilioCredentialsOf({ company, encryptionKey: deps.config.encryptionKey, baseUrl: deps.config.twilioBaseUrl });
  if (!company || !creds) throw new AppError('not_found', 'No SMS provider is configured for this company.');
  const signature = first(req.headers['x-twilio-signature']);
  if (!signature) throw new AppError('bad_request', 'Missing X-Twilio-Signature.');
  const url = requestUrlForSignature({
    protocol: req.protocol,
    host: req.headers.host ?? '',
    url: req.url,
    trustedProxy: deps.config.trustProxy,
    forwardedProto: first(req.headers['x-forwarded-proto']),
    forwardedHost: first(req.headers['x-forwarded-host']),
    forwardedPort: first(req.headers['x-forwarded-port']),
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
  const inboundOptions = { config, schema: { tags, params: ZSlugParamsSchema, response: { 200: twiml, ...errorResponses(400, 403, 404, 415) } } };
  r.post('/api/webhooks/sms-provider/:companySlug/inbound', inboundOptions, async (req, reply) => {
    const { company, params } = await authenticateWebhook(deps, req, req.params.companySlug);
    let inbound;
    try {
      inbound = parseTwilioInbound(params);
    } catch (err) {
      throw new AppError('bad_request', (err as Error).message);
    }
    await receiveInbound({
      deps,
      inbound: {
        companyId: company.id,
        channel: 'sms_provider',
        from: { phone: inbound.from },
        body: inbound.body,
        providerMessageId: inbound.messageSid,
        media: inbound.media,
      },
    });
    return reply.type('text/xml').send(twimlResponse());
  });

  r.post(
    '/api/webhooks/sms-provider/:companySlug/status',
    { config, schema: { tags, params: ZSlugParamsSchema, querystring: z.object({ messageId: ZIdStringSchema.optional() }), response: { ...noContent, ...errorResponses(400, 403, 404, 415) } } },
    async (req, reply) => {
      const { company, params } = await authenticateWebhook(deps, req, req.params.companySlug);
      let status;
      try {
        status = parseTwilioStatus(params);
      } catch (err) {
        throw new AppError('bad_request', (err as Error).message);
      }
      if (status.status)
        await applyProviderStatus({
          deps,
          companyId: company.id,
          channel: 'sms_provider',
          messageId: req.query.messageId,
          providerMessageId: status.messageSid,
          status: status.status,
          errorCode: status.errorCode,
          errorMessage: status.errorMessage,
        });
      return reply.status(204).send(null);
    },
  );
}

