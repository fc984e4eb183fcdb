import { and, eq, gt } from 'drizzle-orm';
import type { TVehicleRecall, TVehicleRecalls } from '@cd/contracts/vehicle-extras';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { nhtsaRecallCache } from './vehicle-extras.schema';

/** NHTSA's answers change when a campaign is filed: a day is fresh enough and spares the public API. */
export const RECALL_CACHE_HOURS = 24;

type TNhtsaRecall = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function recallOf(r: TNhtsaRecall): TVehicleRecall | null {
  const campaignNumber = str(r.NHTSACampaignNumber);
  if (!campaignNumber) return null;
  return {
    campaignNumber,
    component: str(r.Component),
    summary: str(r.Summary),
    consequence: str(r.Consequence) ?? str(r.Conequence),
    remedy: str(r.Remedy),
    reportedAt: str(r.ReportReceivedDate),
  };
}

/** One GET to `/recalls/recallsByVehicle`; throws on a non-200, a body that is no recall list, or the timeout. */
async function fetchRecalls(opts: { baseUrl: string; timeoutMs: number; make: string; model: string; year: number }): Promise<TVehicleRecall[]> {
  const url = new URL(`${opts.baseUrl}/recalls/recallsByVehicle`);
  url.searchParams.set('make', opts.make);
  url.searchParams.set('model', opts.model);
  url.searchParams.set('modelYear', String(opts.year));
  const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs), headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`NHTSA answered ${res.status}`);
  const body = (await res.json()) as { results?: unknown; Results?: unknown };
  const list = body.results ?? body.Results;
  if (!Array.isArray(list)) throw new Error('NHTSA answer has no results');
  return list.flatMap((r) => (r && typeof r === 'object' ? [recallOf(r as TNhtsaRecall)].filter((x): x is TVehicleRecall => x !== null) : []));
}

/**
 * Open recall campaigns for a make/model/year: from the cache when checked in the last 24 hours, otherwise asked of
 * NHTSA (timeout NHTSA_TIMEOUT_MS) and cached. Never throws: a failure answers `available: false` (and is not cached,
 * so the next look asks again) — a recall check never blocks an order.
 */
export async function checkRecalls(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  vehicle: { make: string; model: string; year: number };
  now?: Date;
}): Promise<TVehicleRecalls> {
  const { config, db } = opts.deps;
  const now = opts.now ?? new Date();
  const key = { make: opts.vehicle.make.trim().toUpperCase(), model: opts.vehicle.model.trim().toUpperCase(), modelYear: opts.vehicle.year };
  const where = and(eq(nhtsaRecallCache.make, key.make), eq(nhtsaRecallCache.model, key.model), eq(nhtsaRecallCache.modelYear, key.modelYear));
  // Public data shared by every company: the table has no tenant policy, so the system scope is not needed.
  const [cached] = await runInScope(db, { companyId: null }, (tx) =>
    tx
      .select()
      .from(nhtsaRecallCache)
      .where(and(where, gt(nhtsaRecallCache.fetchedAt, new Date(now.getTime() - RECALL_CACHE_HOURS * 3_600_000))))
      .limit(1),
  );
  if (cached) return { available: true, checkedAt: cached.fetchedAt.toISOString(), recalls: cached.recalls };
  let recalls: TVehicleRecall[];
  try {
    recalls = await fetchRecalls({ baseUrl: config.nhtsaApiUrl, timeoutMs: config.nhtsaTimeoutMs, make: key.make, model: key.model, year: key.modelYear });
  } catch (err) {
    const e = err as { name?: string };
    return { available: false, reason: e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timeout' : 'error' };
  }
  await runInScope(db, { companyId: null }, (tx) =>
    tx
      .insert(nhtsaRecallCache)
      .values({ ...key, recalls, fetchedAt: now })
      .onConflictDoUpdate({ target: [nhtsaRecallCache.make, nhtsaRecallCache.model, nhtsaRecallCache.modelYear], set: { recalls, fetchedAt: now } }),
  );
  return { available: true, checkedAt: now.toISOString(), recalls };
}
