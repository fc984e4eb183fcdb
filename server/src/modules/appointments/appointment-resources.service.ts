import type { TAppointmentResource, TAppointmentResourceCreate, TAppointmentResourcePatch } from '@cd/contracts/appointment';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { loadAppointmentsCompany, requireAppointmentsReader, requireScheduleWriter } from './appointments.access';
import { runScheduleRecordChange } from './schedule-change';
import { resourceEvent, toResourceResource } from './schedule.presenter';
import * as repo from './schedule.repository';

/**
 * Shared resources beyond people (`/api/appointment_resources`): service bays, loaner cars… with a capacity, and the
 * services that need one unit each for their whole duration. Availability and booking read them
 * (appointments-booking.service.ts); company admins change them.
 */

const NAME_TAKEN = [{ propertyPath: 'name', message: 'A resource with this name already exists.' }];

async function withNameCheck<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // The unique index on lower(name) decides, so two admins adding "Bay 1" at once get one bay and one 422.
    if (isUniqueViolation(err, 'appointment_resources_name_key')) throw validationError(NAME_TAKEN);
    throw err;
  }
}

/** Each id once, all of them services of the company (422 on `services` otherwise). */
async function checkServices(tx: TTx, opts: { companyId: number; ids: readonly number[] }): Promise<number[]> {
  const ids = [...new Set(opts.ids)];
  const found = await repo.findCompanyServiceIds(tx, { companyId: opts.companyId, ids });
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw validationError([{ propertyPath: 'services', message: `Service not found: ${missing.join(', ')}.` }]);
  return ids.sort((a, b) => a - b);
}

async function loadResource(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<repo.TResourceRow> {
  const row = await repo.findResource(tx, opts);
  if (!row) throw new AppError('not_found', 'Resource not found.');
  return row;
}

export async function listResources(opts: { ctx: TRequestContext; companyId?: number }): Promise<TAppointmentResource[]> {
  const { ctx } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: opts.companyId });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    requireAppointmentsReader(ctx);
    await loadAppointmentsCompany(tx, companyId);
    return (await repo.listResources(tx, { companyId })).map(toResourceResource);
  });
}

export async function getResource(opts: { ctx: TRequestContext; id: number }): Promise<TAppointmentResource> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await loadResource(tx, { companyId, id: opts.id });
    requireAppointmentsReader(opts.ctx);
    await loadAppointmentsCompany(tx, row.companyId);
    return toResourceResource(row);
  });
}

export async function createResource(opts: { ctx: TRequestContext; body: TAppointmentResourceCreate }): Promise<TAppointmentResource> {
  const { ctx, body } = opts;
  requireScheduleWriter(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  return withNameCheck(() =>
    runWithLiveEvents({
      deps: ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        await loadAppointmentsCompany(tx, companyId);
        const serviceIds = await checkServices(tx, { companyId, ids: body.services ?? [] });
        const id = await repo.insertResource(tx, { companyId, values: { name: body.name, kind: body.kind, capacity: body.capacity } });
        await repo.replaceResourceServices(tx, { companyId, resourceId: id, serviceIds });
        const row = await loadResource(tx, { companyId, id });
        emit([resourceEvent(row, 'created')]);
        return toResourceResource(row);
      },
    }),
  );
}

export async function changeResource(opts: { ctx: TRequestContext; id: number; body: TAppointmentResourcePatch }): Promise<TAppointmentResource> {
  const { ctx, body } = opts;
  return withNameCheck(() =>
    runScheduleRecordChange({
      ctx,
      fn: async (tx, emit, scoped) => {
        const current = await loadResource(tx, { companyId: scoped, id: opts.id, lock: true });
        const companyId = current.companyId;
        await loadAppointmentsCompany(tx, companyId);
        const values = { name: body.name ?? current.name, kind: body.kind ?? current.kind, capacity: body.capacity ?? current.capacity };
        const serviceIds = body.services ? await checkServices(tx, { companyId, ids: body.services }) : current.serviceIds;
        const changes = [
          ...(['name', 'kind', 'capacity'] as const).filter((k) => values[k] !== current[k]),
          ...(serviceIds.join() !== current.serviceIds.join() ? ['services'] : []),
        ];
        if (!changes.length) return toResourceResource(current);
        await repo.updateResource(tx, { companyId, id: current.id, values });
        if (changes.includes('services')) await repo.replaceResourceServices(tx, { companyId, resourceId: current.id, serviceIds });
        const row = await loadResource(tx, { companyId, id: current.id });
        emit([resourceEvent(row, 'updated', changes)]);
        return toResourceResource(row);
      },
    }),
  );
}

/** Appointments that already hold a unit keep their time; new bookings no longer need the resource. */
export async function deleteResource(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  await runScheduleRecordChange({
    ctx,
    fn: async (tx, emit, scoped) => {
      const row = await loadResource(tx, { companyId: scoped, id: opts.id, lock: true });
      await loadAppointmentsCompany(tx, row.companyId);
      await repo.deleteResource(tx, { companyId: row.companyId, id: row.id });
      emit([resourceEvent(row, 'removed')]);
    },
  });
}
