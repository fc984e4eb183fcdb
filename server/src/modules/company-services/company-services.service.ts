import type { TCompanyService } from '@cd/contracts/company-service';
import { companyTopic } from '@cd/contracts/live';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import * as repo from './company-services.repository';
import type { TCompanyServiceRow } from './company-services.schema';

const TITLE_TAKEN = [{ propertyPath: 'title', message: 'A service with this title already exists.' }];

export function toCompanyServiceResource(row: TCompanyServiceRow): TCompanyService {
  return {
    '@id': `/api/company_services/${row.id}`,
    '@type': 'CompanyService',
    id: row.id,
    company: `/api/companies/${row.companyId}`,
    title: row.title,
    description: row.description,
    duration: row.durationMinutes,
    price: row.priceCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function serviceEvent(row: TCompanyServiceRow, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  return {
    companyId: row.companyId,
    topics: [companyTopic(row.companyId)],
    event,
    entity: 'company_service',
    data: toCompanyServiceResource(row),
    changes: changes ?? null,
  };
}

/** As `resolveReadableCompanyId`, and only company admins (and super admins) change the catalogue. */
function writableCompanyId(ctx: TRequestContext, requested?: number): number {
  const companyId = resolveReadableCompanyId({ ctx, requested });
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change the company services.');
  return companyId;
}

async function loadService(tx: TTx, companyId: number | null, id: number): Promise<TCompanyServiceRow> {
  const row = await repo.findService(tx, { companyId, id });
  if (!row) throw new AppError('not_found', 'Company service not found.');
  return row;
}

async function withTitleCheck<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err, 'company_services_title_key')) throw validationError(TITLE_TAKEN);
    throw err;
  }
}

export async function listCompanyServices(opts: { ctx: TRequestContext; companyId?: number; limit: number | null; offset: number }) {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.companyId });
  return runInScope(opts.ctx.db, { companyId }, (tx) => repo.listServices(tx, { companyId, limit: opts.limit, offset: opts.offset }));
}

export async function getCompanyService(opts: { ctx: TRequestContext; id: number }): Promise<TCompanyServiceRow> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, (tx) => loadService(tx, companyId, opts.id));
}

export async function createCompanyService(opts: {
  ctx: TRequestContext;
  companyId?: number;
  values: repo.TServiceValues;
}): Promise<TCompanyServiceRow> {
  const { ctx } = opts;
  const companyId = writableCompanyId(ctx, opts.companyId);
  return withTitleCheck(() =>
    runWithLiveEvents({
      deps: ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        const row = await repo.insertService(tx, { ...opts.values, companyId });
        emit([serviceEvent(row, 'created')]);
        return row;
      },
    }),
  );
}

export async function changeCompanyService(opts: {
  ctx: TRequestContext;
  id: number;
  values: Partial<repo.TServiceValues>;
  /** A PUT body's `company`: the service must already belong to it (a service never moves). */
  expectedCompanyId?: number;
}): Promise<TCompanyServiceRow> {
  const { ctx } = opts;
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change the company services.');
  const { scope, companyId } = resolveRecordScope({ ctx });
  return withTitleCheck(() =>
    runWithLiveEvents({
      deps: ctx,
      scope,
      fn: async (tx, emit) => {
        const row = await loadService(tx, companyId, opts.id);
        if (opts.expectedCompanyId !== undefined && opts.expectedCompanyId !== row.companyId)
          throw validationError([{ propertyPath: 'company', message: 'A service cannot move to another company.' }]);
        const changes = (Object.keys(opts.values) as (keyof repo.TServiceValues)[]).filter((k) => opts.values[k] !== row[k]);
        if (!changes.length) return row;
        const updated = (await repo.updateService(tx, { companyId: row.companyId, id: row.id, values: opts.values }))!;
        emit([serviceEvent(updated, 'updated', changes.map(fieldName))]);
        return updated;
      },
    }),
  );
}

export async function deleteCompanyService(opts: { ctx: TRequestContext; id: number }) {
  const { ctx } = opts;
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change the company services.');
  const { scope, companyId } = resolveRecordScope({ ctx });
  await runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const row = await loadService(tx, companyId, opts.id);
      await repo.deleteService(tx, { companyId: row.companyId, id: row.id });
      emit([serviceEvent(row, 'removed')]);
    },
  });
}

/** Column names → the API's field names in the `changes` of a live event. */
function fieldName(k: keyof repo.TServiceValues): string {
  return k === 'durationMinutes' ? 'duration' : k === 'priceCents' ? 'price' : k;
}
