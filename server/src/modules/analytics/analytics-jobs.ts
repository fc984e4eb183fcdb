import { sql } from 'drizzle-orm';
import { daysBetween } from '@cd/contracts/report-periods';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TAppDeps } from '../../context';
import { runInScope, type TDatabase } from '../../db/client';
import type { TRecurringJob } from '../../jobs/recurring';
import type { TCompanyWeek } from '../appointments/appointments.api';
import { ensureDaysComputed, rebuildCompanyRollups, type TRollupCompany } from './analytics-rollup.service';
import * as repo from './analytics.repository';
import { FINAL_GRACE_MS } from './metric-definitions';

const DAY_MS = 86_400_000;

async function listCompanies(db: TDatabase, ids?: number[]): Promise<TRollupCompany[]> {
  return runInScope(db, { companyId: null, system: true }, async (tx) => {
    const rows = (
      await tx.execute(
        ids
          ? sql`select id::int as id, timezone, hours from companies where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) order by id`
          : sql`select id::int as id, timezone, hours from companies order by id`,
      )
    ).rows as { id: number; timezone: string; hours: TCompanyWeek }[];
    return rows.map((r) => ({ id: Number(r.id), timezone: r.timezone, hours: r.hours }));
  });
}

/**
 * Closes the days that just ended for every company with recent messages: yesterday and the day before (local), so a
 * missed hour or a company far west is still closed. A day not yet past its grace period is computed and closed later.
 */
export async function closeRecentDays(opts: { db: TDatabase; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - 3 * DAY_MS - FINAL_GRACE_MS);
  const active = await runInScope(opts.db, { companyId: null, system: true }, (tx) => repo.listActiveCompanies(tx, since));
  if (!active.length) return 0;
  let closed = 0;
  for (const company of await listCompanies(
    opts.db,
    active.map((c) => c.id),
  )) {
    const today = localDayOf({ instant: now, timeZone: company.timezone });
    const t = Date.parse(`${today}T00:00:00Z`);
    const [from, to] = [new Date(t - 2 * DAY_MS).toISOString().slice(0, 10), new Date(t - DAY_MS).toISOString().slice(0, 10)];
    await runInScope(opts.db, { companyId: company.id }, (tx) => ensureDaysComputed(tx, { company, from, to, now }));
    closed += daysBetween({ from, to }).length;
  }
  return closed;
}

/** Drops and recomputes the rollups of every company (or the given ones): `npm run -w server analytics:rebuild`, the seed. */
export async function rebuildAllRollups(opts: { db: TDatabase; companyIds?: number[]; now?: Date }): Promise<{ companies: number; days: number }> {
  let days = 0;
  const companies = await listCompanies(opts.db, opts.companyIds);
  for (const company of companies) days += await rebuildCompanyRollups({ db: opts.db, company, now: opts.now });
  return { companies: companies.length, days };
}

/**
 * Builds the whole history of companies that have messages but no rollups yet — after the upgrade that added analytics,
 * or a restore — so their first year-long report does not fold every day inside a request.
 */
export async function backfillMissingRollups(opts: { db: TDatabase; now?: Date }): Promise<number> {
  const ids = await runInScope(opts.db, { companyId: null, system: true }, (tx) => repo.listCompaniesWithoutRollups(tx));
  if (!ids.length) return 0;
  return (await rebuildAllRollups({ db: opts.db, companyIds: ids, now: opts.now })).companies;
}

export function createAnalyticsRecurringJobs(opts: { deps: Pick<TAppDeps, 'db'> }): TRecurringJob[] {
  return [
    {
      name: 'analytics_close_days',
      cron: '25 * * * *',
      timeZone: 'UTC',
      // Rollups of closed days are needed whatever the hour.
      missedSlots: 'catch_up',
      description:
        'Computes and closes the analytics rollups of the local days that just ended for every company with recent messages, and builds the history of companies that have none yet.',
      run: async () => {
        await backfillMissingRollups({ db: opts.deps.db });
        await closeRecentDays({ db: opts.deps.db });
      },
    },
  ];
}
