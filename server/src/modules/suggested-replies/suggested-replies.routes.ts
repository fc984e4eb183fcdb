import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSuggestedRepliesSchema,
  ZSuggestedReplyEventSchema,
  ZSuggestedReplyStatsQuerySchema,
  ZSuggestedReplyStatsSchema,
} from '@cd/contracts/suggested-replies';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as suggestions from './suggested-replies.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 415, 422);

/** Suggested replies (issue 21; docs/suggested-replies.md). */
export async function suggestedRepliesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suggested replies'];

  r.get(
    '/api/customers/:id/suggested_replies',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZSuggestedRepliesSchema, ...READ } } },
    async (req) => suggestions.suggestReplies({ ctx: contextOf(deps, req), customerId: Number(req.params.id) }),
  );
  r.post(
    '/api/suggested_replies/events',
    { schema: { tags, body: ZSuggestedReplyEventSchema, response: { 200: z.object({ recorded: z.boolean() }), ...WRITE } } },
    async (req) => suggestions.recordEvent({ ctx: contextOf(deps, req), body: req.body }),
  );
  r.get(
    '/api/suggested_replies/stats',
    { schema: { tags, querystring: ZSuggestedReplyStatsQuerySchema, response: { 200: ZSuggestedReplyStatsSchema, ...READ } } },
    async (req) => suggestions.suggestionStats({ ctx: contextOf(deps, req), days: req.query.days }),
  );
}
