import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboardSchema, ZDashboardStatsSchema } from '@cd/contracts/dashboard';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { getDashboard, getDashboardStats } from './dashboard.service';

const READ = errorResponses(400, 401, 403, 404);

/** The company admin's dashboard (spec part 1 §2 /dashboard, part 2 §7 dashboard, dashboard/stats). docs/dashboard.md. */
export async function dashboardRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  r.get('/api/dashboard', { schema: { tags, response: { 200: ZDashboardSchema, ...READ } } }, async (req) => getDashboard({ ctx: contextOf(deps, req) }));
  r.get('/api/dashboard/stats', { schema: { tags, response: { 200: ZDashboardStatsSchema, ...READ } } }, async (req) =>
    getDashboardStats({ ctx: contextOf(deps, req) }),
  );
}
