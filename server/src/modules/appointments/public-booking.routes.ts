import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAvailabilitySchema,
  ZBookingHoldCreateSchema,
  ZBookingHoldSchema,
  ZBookingHoldTokenSchema,
  ZBookingSlugParamsSchema,
  ZPublicAvailabilityQuerySchema,
  ZPublicBookingCreateSchema,
  ZPublicBookingPageSchema,
  ZPublicBookingResultSchema,
} from '@cd/contracts/appointment';
import { TOO_MANY_HOLDS } from '@cd/contracts/appointment-constants';
import { ZLinkCodeSchema } from '@cd/contracts/customer-link';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses, noContent } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import {
  BOOKING_BODY_LIMIT,
  BOOKING_READS_PER_MINUTE,
  BOOKING_WINDOW_MS,
  BOOKINGS_PER_WINDOW,
  clientKeyOf,
  HOLDS_PER_WINDOW,
  LIVE_HOLDS_PER_CLIENT,
  LiveHoldCap,
} from './public-booking.limits';
import * as service from './public-booking.service';

const TOO_MANY = 'Too many requests. Try again later.';

/** The customer's booking page (no sign-in): docs/api-public-booking.md. */
export async function publicBookingRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public'];
  const reads = new WindowCounter(60_000);
  const holds = new WindowCounter(BOOKING_WINDOW_MS);
  const bookings = new WindowCounter(BOOKING_WINDOW_MS);
  const liveHolds = new LiveHoldCap(LIVE_HOLDS_PER_CLIENT);

  /** Counted and compared in one synchronous step before validation, so malformed and parallel requests count too. */
  const limit = (counter: WindowCounter, max: number, req: FastifyRequest) => {
    const key = clientKeyOf(req.ip);
    if (counter.add(key) > max) throw new AppError('rate_limited', TOO_MANY, undefined, { 'retry-after': String(counter.retryAfterSeconds(key)) });
  };

  r.get(
    '/api/public/booking/:slug',
    {
      config: { public: true },
      onRequest: async (req) => limit(reads, BOOKING_READS_PER_MINUTE, req),
      schema: {
        tags,
        params: ZBookingSlugParamsSchema,
        querystring: z.object({ link: ZLinkCodeSchema.optional() }),
        response: { 200: ZPublicBookingPageSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (req, reply) => {
      // Free times and holds change by the minute: never from a cache.
      reply.header('cache-control', 'no-store');
      return service.getBookingPage({ deps, slug: req.params.slug, link: req.query.link });
    },
  );

  r.get(
    '/api/public/booking/:slug/availability',
    {
      config: { public: true },
      onRequest: async (req) => limit(reads, BOOKING_READS_PER_MINUTE, req),
      schema: {
        tags,
        params: ZBookingSlugParamsSchema,
        querystring: ZPublicAvailabilityQuerySchema,
        response: { 200: ZAvailabilitySchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getPublicAvailability({ deps, slug: req.params.slug, query: req.query });
    },
  );

  r.post(
    '/api/public/booking/:slug/holds',
    {
      config: { public: true },
      bodyLimit: BOOKING_BODY_LIMIT,
      onRequest: async (req) => limit(holds, HOLDS_PER_WINDOW, req),
      schema: {
        tags,
        params: ZBookingSlugParamsSchema,
        body: ZBookingHoldCreateSchema,
        response: { 201: ZBookingHoldSchema, ...errorResponses(400, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      // The place is taken before the first await: parallel requests of one visitor cannot all pass the cap.
      const key = `${req.params.slug}|${clientKeyOf(req.ip)}`;
      if (!liveHolds.begin(key)) throw new AppError('rate_limited', TOO_MANY_HOLDS, undefined, { 'retry-after': '60' });
      let hold;
      try {
        hold = await service.createHold({ deps, slug: req.params.slug, body: req.body });
      } catch (err) {
        liveHolds.abort(key);
        throw err;
      }
      liveHolds.commit(key, hold.token, Date.parse(hold.expiresAt));
      return reply.status(201).send(hold);
    },
  );

  r.delete(
    '/api/public/booking/:slug/holds/:token',
    {
      config: { public: true },
      onRequest: async (req) => limit(reads, BOOKING_READS_PER_MINUTE, req),
      schema: {
        tags,
        params: ZBookingSlugParamsSchema.extend({ token: ZBookingHoldTokenSchema }),
        response: { ...noContent, ...errorResponses(400, 404, 429) },
      },
    },
    async (req, reply) => {
      await service.releasePublicHold({ deps, slug: req.params.slug, token: req.params.token });
      liveHolds.release(req.params.token);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/public/booking/:slug/appointments',
    {
      config: { public: true },
      bodyLimit: BOOKING_BODY_LIMIT,
      onRequest: async (req) => limit(bookings, BOOKINGS_PER_WINDOW, req),
      schema: {
        tags,
        params: ZBookingSlugParamsSchema,
        body: ZPublicBookingCreateSchema,
        response: { 201: ZPublicBookingResultSchema, ...errorResponses(400, 404, 409, 410, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      const result = await service.bookPublicAppointment({ deps, slug: req.params.slug, body: req.body, ip: req.ip });
      liveHolds.release(req.body.hold);
      return reply.status(201).send(result);
    },
  );
}
