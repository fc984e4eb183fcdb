import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { TConfig } from '@cd/server/src/config';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { loadAppointmentsCompany } from '@cd/server/src/modules/appointments/appointments.access';
import { computeAvailability, loadSchedule, resolveServices } from '@cd/server/src/modules/appointments/appointments-booking.service';
import { listAppointmentViews } from '@cd/server/src/modules/appointments/appointments.repository';
import { findAuthUsers } from '@cd/server/src/modules/users/users.repository';

const SYSTEM = { companyId: null, system: true } as const;

/** `services=1,2&from=…&to=…` as the route's schema leaves it. */
function availabilityQueryOf(request: FastifyRequest) {
  const q = request.query as { services: string; from: string; to: string };
  return { serviceIds: q.services.split(',').map(Number), from: q.from, to: q.to };
}

/**
 * The appointments routes' database work through the server's own functions (identical SQL, same transactions), with
 * none of the framework: no zod query or response schemas, no hooks, no presenters, no Hydra, no compression.
 * - `GET /sql/appointments/availability`: the statements availability reads (company, services, shifts, vacations,
 *   busy times, needed resources, as loadSchedule sends them) and nothing computed: the SQL floor.
 * - `GET /api/appointments/availability`: the same plus the slot computation, through the service's own
 *   computeAvailability (availability.ts), answered as plain JSON.
 * - `GET /api/appointments`: the calendar's range query (listAppointmentViews), rows as they come.
 * Each after the same JWT check and system-scope user lookup as the auth hook.
 */
export function buildAppointmentsBaseline(opts: { config: TConfig; db: TDatabase }): FastifyInstance {
  const { config, db } = opts;
  const app = Fastify({ logger: false });

  async function companyOf(request: FastifyRequest): Promise<number | undefined> {
    const m = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!m) return undefined;
    const { payload } = await jwtVerify(m[1]!, config.jwtSecret, { algorithms: ['HS256'] });
    const [user] = await runInScope(db, SYSTEM, (tx) => findAuthUsers(tx, { id: Number(payload.sub) }));
    return user?.companyId ?? undefined;
  }

  app.get('/sql/appointments/availability', async (request, reply) => {
    const companyId = await companyOf(request);
    if (!companyId) return reply.status(401).send({ error: 'unauthorized' });
    const q = availabilityQueryOf(request);
    return runInScope(db, { companyId }, async (tx) => {
      const company = await loadAppointmentsCompany(tx, companyId);
      const { durationMinutes } = await resolveServices(tx, { companyId, serviceIds: q.serviceIds });
      const schedule = await loadSchedule(tx, { company, serviceIds: q.serviceIds, from: q.from, to: q.to, now: new Date() });
      return { duration: durationMinutes, shifts: schedule.shifts.size, busy: schedule.busy.length, resources: schedule.resources.length };
    });
  });

  app.get('/api/appointments/availability', async (request, reply) => {
    const companyId = await companyOf(request);
    if (!companyId) return reply.status(401).send({ error: 'unauthorized' });
    const q = availabilityQueryOf(request);
    return runInScope(db, { companyId }, async (tx) => {
      const company = await loadAppointmentsCompany(tx, companyId);
      return computeAvailability(tx, { company, serviceIds: q.serviceIds, from: q.from, to: q.to, now: new Date(), includeAssignees: true });
    });
  });

  app.get('/api/appointments', async (request, reply) => {
    const companyId = await companyOf(request);
    if (!companyId) return reply.status(401).send({ error: 'unauthorized' });
    const q = request.query as { from: string; to: string };
    return runInScope(db, { companyId }, async (tx) => {
      await loadAppointmentsCompany(tx, companyId);
      return listAppointmentViews(tx, { companyId, from: new Date(q.from), to: new Date(q.to) }, 'asc');
    });
  });

  return app;
}
