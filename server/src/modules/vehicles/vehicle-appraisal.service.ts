import {
  APPRAISAL_CANDIDATE_MIN_AGE_YEARS,
  APPRAISAL_CANDIDATE_MIN_MILEAGE,
  isVehicleAppraisalAllowed,
  isVehicleAppraisalCandidate,
} from '@cd/contracts/vehicle';
import { VEHICLE_APPRAISAL_COOLDOWN, VEHICLE_APPRAISAL_NOT_CONFIGURED } from '@cd/contracts/vehicle-extras';
import type { TAutomotiveMessages } from '@cd/contracts/company';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import type { TRecurringJob } from '../../jobs/recurring';
import { AppError } from '../../lib/errors';
import { iri } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveRecordScope } from '../../tenant-scope';
import { planNextOccurrence, type TAutomationSource } from '../automations/automations.api';
import { findCompany } from '../companies/companies.api';
import * as repo from './vehicles.repository';
import { loadVehicle, vehicleEvent } from './vehicles.service';

/** The outbox job that tells the company's people a customer was offered an appraisal (vehicles.jobs.ts). */
export const JOB_VEHICLE_APPRAISAL_NOTIFY = 'vehicle_appraisal_notify';
/** How many vehicles one company gets in one daily run: the rest wait for the next days (no burst of texts). */
export const APPRAISAL_BATCH_PER_COMPANY = 50;

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const DAY_MS = 86_400_000;

/**
 * Plans the appraisal text for a locked vehicle: refused (409) when the company has no text or the cooldown has not
 * passed; stamps appraisal_message_sent_at and queues the staff notification in the same transaction.
 */
async function planAppraisalInTx(tx: TTx, opts: { vehicle: repo.TVehicleWithOrders; automotive: TAutomotiveMessages; now: Date }) {
  const { vehicle, automotive, now } = opts;
  if (!hasText(automotive.vehicleAppraisalText)) throw new AppError('conflict', VEHICLE_APPRAISAL_NOT_CONFIGURED);
  if (!isVehicleAppraisalAllowed({ lastSentAt: vehicle.appraisalMessageSentAt, cooldownDays: automotive.vehicleAppraisalCooldownDays ?? 0, now }))
    throw new AppError('conflict', VEHICLE_APPRAISAL_COOLDOWN);
  const planned = await planNextOccurrence(tx, {
    companyId: vehicle.companyId,
    customerId: vehicle.customerId,
    kind: 'vehicle_appraisal',
    entityId: vehicle.id,
  });
  const updated = await repo.updateVehicle(tx, { companyId: vehicle.companyId, id: vehicle.id, values: { appraisalMessageSentAt: now } });
  if (automotive.vehicleAppraisalNotificationEmails?.length || automotive.vehicleAppraisalNotificationSms?.length)
    await enqueueJob(tx, { companyId: vehicle.companyId, kind: JOB_VEHICLE_APPRAISAL_NOTIFY, payload: { vehicleId: vehicle.id, key: planned.row.key } });
  return { vehicle: { ...updated!, openRepairOrders: vehicle.openRepairOrders }, key: planned.row.key };
}

/** POST /api/vehicles/{id}/send_vehicle_appraisal_message. The vehicle row is locked: parallel clicks plan once. */
export async function sendVehicleAppraisal(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  const out = await runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const vehicle = await loadVehicle(tx, { companyId, id: opts.id, forUpdate: true });
      const company = await findCompany(tx, vehicle.companyId);
      const planned = await planAppraisalInTx(tx, { vehicle, automotive: (company?.automotiveMessages ?? {}) as TAutomotiveMessages, now: new Date() });
      emit([vehicleEvent(planned.vehicle, 'updated', ['appraisalMessageSentAt'])]);
      return planned;
    },
  });
  opts.ctx.jobs.wake();
  return { vehicle: iri('vehicles', out.vehicle.id), appraisalMessageSentAt: out.vehicle.appraisalMessageSentAt!.toISOString(), automatedMessageKey: out.key };
}

/**
 * One daily run of the automated appraisal: for each company that switched it on, up to APPRAISAL_BATCH_PER_COMPANY
 * candidates (isVehicleAppraisalCandidate: model year 5+ years back or 60,000+ on the odometer; cooldown passed;
 * customer not opted out), those never offered first. Each company in its own transaction, so one failing company
 * does not hold back the others.
 */
export async function runAutomatedAppraisals(opts: { deps: Pick<TAppDeps, 'db'>; now: Date }): Promise<number> {
  const companies = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => repo.listAppraisalCompanies(tx));
  let planned = 0;
  for (const c of companies) {
    const automotive = c.automotiveMessages as TAutomotiveMessages;
    if (!hasText(automotive.vehicleAppraisalText)) continue;
    const cooldownDays = automotive.vehicleAppraisalCooldownDays ?? 0;
    planned += await runInScope(opts.deps.db, { companyId: c.id }, async (tx) => {
      const candidates = await repo.listAppraisalCandidates(tx, {
        companyId: c.id,
        maxYear: opts.now.getUTCFullYear() - APPRAISAL_CANDIDATE_MIN_AGE_YEARS,
        minMileage: APPRAISAL_CANDIDATE_MIN_MILEAGE,
        sentBefore: cooldownDays > 0 ? new Date(opts.now.getTime() - cooldownDays * DAY_MS) : null,
        limit: APPRAISAL_BATCH_PER_COMPANY,
      });
      let n = 0;
      for (const candidate of candidates) {
        if (!isVehicleAppraisalCandidate({ year: candidate.year, mileage: candidate.mileage, now: opts.now })) continue;
        const vehicle = await loadVehicle(tx, { companyId: c.id, id: candidate.id, forUpdate: true });
        await planAppraisalInTx(tx, { vehicle, automotive, now: opts.now });
        n++;
      }
      return n;
    });
  }
  return planned;
}

/** Recurring work of vehicles (jobs/recurring.ts): the automated appraisal once a day at 15:00 UTC (daytime in the Americas and Europe). */
export function createVehicleRecurringJobs(opts: { deps: Pick<TAppDeps, 'db'> }): TRecurringJob[] {
  return [
    {
      name: 'vehicle-appraisal',
      cron: '0 15 * * *',
      timeZone: 'UTC',
      // Texts to customers at a chosen hour: a late batch (at night after an outage) is worse than tomorrow's.
      missedSlots: 'skip',
      description: 'Plans the vehicle appraisal text for candidate vehicles of companies with the automated appraisal on.',
      run: async ({ slot }) => void (await runAutomatedAppraisals({ deps: opts.deps, now: slot })),
    },
  ];
}

/** The engine's question when an appraisal text comes due: still due while the vehicle exists. */
export const vehicleAutomationSource: TAutomationSource = async (tx, opts) => {
  const vehicle = await repo.findVehicle(tx, { companyId: opts.companyId, id: opts.entityId });
  return { due: vehicle !== undefined };
};
