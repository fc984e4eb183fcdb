import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLinkCodeParamsSchema } from '@cd/contracts/customer-link';
import {
  ZPublicCardTokenBodySchema,
  ZPublicCardTokenResultSchema,
  ZPublicChargeBodySchema,
  ZPublicChargeResultSchema,
  ZPublicPaymentPageSchema,
  ZPublicPaymentReceiptSchema,
} from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { chargePublicPayment } from './payment-public.charge';
import { readPublicPayment, readPublicReceipt, tokenizePublicCard } from './payment-public.service';
import type { TPaymentLog } from './payments.processor';

/**
 * Page reads per address and minute (opened, reloaded after paying, the receipt); card steps (tokenise, charge) per
 * address and per link in 10 minutes: a person retypes a card a few times, a script testing stolen cards is stopped.
 */
export const PAYMENT_READS_PER_IP = 60;
export const PAYMENT_CARD_STEPS_PER_IP = 60;
export const PAYMENT_CARD_STEPS_PER_LINK = 15;
const MINUTE_MS = 60_000;
const CARD_WINDOW_MS = 10 * MINUTE_MS;
/** A card or a charge is a few short fields. */
const CARD_BODY_LIMIT = 2 * 1024;

const PUBLIC_ERRORS = errorResponses(400, 404, 410, 429);

/** The public payment page's API (no sign-in): `/api/public/payments/{code}…`, the code of a payment link. */
export async function paymentPublicRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = new WindowCounter(MINUTE_MS);
  const cardSteps = new WindowCounter(CARD_WINDOW_MS);
  const refuse = (counter: WindowCounter, key: string) => {
    throw new AppError('rate_limited', 'Too many requests. Try again later.', undefined, { 'retry-after': String(counter.retryAfterSeconds(key)) });
  };
  const limitRead = (req: FastifyRequest) => {
    const key = `pay-read:${req.ip}`;
    if (reads.add(key) > PAYMENT_READS_PER_IP) refuse(reads, key);
  };
  // Counted before validation: malformed codes and bodies count too.
  const limitCard = (req: FastifyRequest) => {
    const ipKey = `pay-card:${req.ip}`;
    if (cardSteps.add(ipKey) > PAYMENT_CARD_STEPS_PER_IP) refuse(cardSteps, ipKey);
    const code = String((req.params as { code?: unknown }).code ?? '').slice(0, 40);
    const linkKey = `pay-card-link:${code}`;
    if (cardSteps.add(linkKey) > PAYMENT_CARD_STEPS_PER_LINK) refuse(cardSteps, linkKey);
  };
  const log = (req: FastifyRequest): TPaymentLog => ({ info: (o, m) => req.log.info(o, m), warn: (o, m) => req.log.warn(o, m) });
  const tags = ['public'];

  r.get(
    '/api/public/payments/:code',
    {
      config: { public: true },
      onRequest: async (req) => limitRead(req),
      schema: { tags, params: ZLinkCodeParamsSchema, response: { 200: ZPublicPaymentPageSchema, ...PUBLIC_ERRORS } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ZPublicPaymentPageSchema.parse(await readPublicPayment({ deps, code: req.params.code, log: log(req) }));
    },
  );
  r.get(
    '/api/public/payments/:code/receipt',
    {
      config: { public: true },
      onRequest: async (req) => limitRead(req),
      schema: { tags, params: ZLinkCodeParamsSchema, response: { 200: ZPublicPaymentReceiptSchema, ...PUBLIC_ERRORS } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readPublicReceipt({ deps, code: req.params.code });
    },
  );
  r.post(
    '/api/public/payments/:code/card-token',
    {
      config: { public: true },
      bodyLimit: CARD_BODY_LIMIT,
      onRequest: async (req) => limitCard(req),
      schema: {
        tags,
        params: ZLinkCodeParamsSchema,
        body: ZPublicCardTokenBodySchema,
        response: { 200: ZPublicCardTokenResultSchema, ...PUBLIC_ERRORS, ...errorResponses(409, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return tokenizePublicCard({ deps, code: req.params.code, body: req.body, log: log(req) });
    },
  );
  r.post(
    '/api/public/payments/:code/charge',
    {
      config: { public: true },
      bodyLimit: CARD_BODY_LIMIT,
      onRequest: async (req) => limitCard(req),
      schema: {
        tags,
        params: ZLinkCodeParamsSchema,
        body: ZPublicChargeBodySchema,
        response: { 200: ZPublicChargeResultSchema, ...PUBLIC_ERRORS, ...errorResponses(409, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return chargePublicPayment({ deps, code: req.params.code, body: req.body, log: log(req) });
    },
  );
}
