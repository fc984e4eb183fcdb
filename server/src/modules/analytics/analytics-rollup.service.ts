import { daysBetween, instantsOfLocalDay } from '@cd/contracts/report-periods';
import { localDayOf } from '@cd/contracts/survey-dates';
import { runInScope, type TDatabase, type TTx } from '../../db/client';
import type { TCompanyWeek } from '../appointments/appointments.api';
import * as repo from './analytics.repository';
import { FINAL_GRACE_MS, foldDay, HISTORY_DAYS } from './metric-definitions';

/**
 * Daily rollups (docs/metrics.md "How the figures are kept"): a local day is computed by folding that day's messages
 * of one company with each active customer's recent history. A day computed at least FINAL_GRACE_MS after its end is
 * final and never recomputed (only a rebuild rewrites it); an open day (today, yesterday within the grace) is
 * recomputed when a request covers it — one day is cheap — under a per-company advisory lock.
 */

const DAY_MS = 86_400_000;

export interface TRollupCompany {
  id: number;
  timezone: string;
  hours: TCompanyWeek;
}

/** Computes one day of a company inside the caller's transaction (which holds the company lock). */
export async function computeDay(tx: TTx, opts: { company: TRollupCompany; day: string; now: Date }): Promise<void> {
  const { company, day } = opts;
  const { start, end } = instantsOfLocalDay({ day, timeZone: company.timezone });
  const historyStart = new Date(start.getTime() - HISTORY_DAYS * DAY_MS);
  const [messages, optOuts] = [
    await repo.listFoldMessages(tx, { companyId: company.id, start, end, historyStart }),
    await repo.listOptOuts(tx, { companyId: company.id, start, end }),
  ];
  const rows = foldDay({ messages, optOuts, dayStart: start.getTime(), dayEnd: end.getTime(), hours: company.hours });
  const counted = messages.filter((m) => m.at >= start.getTime() && m.at < end.getTime()).length;
  await repo.replaceDay(tx, { companyId: company.id, day, rows, computedAt: opts.now, messages: counted, optOuts: optOuts.length });
}

/** Whether a day computed at `computedAt` is final (its figures can no longer change). */
export function isFinalDay(opts: { day: string; timeZone: string; computedAt: Date | undefined }): boolean {
  if (!opts.computedAt) return false;
  return opts.computedAt.getTime() >= closesAt(opts).getTime();
}

/** When a day becomes final: its end plus the grace period. */
function closesAt(opts: { day: string; timeZone: string }): Date {
  return new Date(instantsOfLocalDay({ day: opts.day, timeZone: opts.timeZone }).end.getTime() + FINAL_GRACE_MS);
}

/** The days of [from, to] that need a look at `now`: started, and not final. */
function daysToCompute(opts: { company: TRollupCompany; from: string; to: string; now: Date; computed: Map<string, repo.TComputedDay> }): string[] {
  const today = localDayOf({ instant: opts.now, timeZone: opts.company.timezone });
  return daysBetween({ from: opts.from, to: opts.to < today ? opts.to : today }).filter(
    (day) => !isFinalDay({ day, timeZone: opts.company.timezone, computedAt: opts.computed.get(day)?.computedAt }),
  );
}

/**
 * Makes the rollups of [from, to] current in the caller's transaction: one statement when every day is final, else
 * the company lock and a second look (a parallel request may have just done the work). An open day whose message and
 * opt-out counts did not move since its fold is unchanged: it is left as it is, or closed once past its grace period,
 * without folding it again — a dashboard refreshing every few seconds costs a count, not a fold.
 */
export async function ensureDaysComputed(tx: TTx, opts: { company: TRollupCompany; from: string; to: string; now: Date }): Promise<void> {
  const first = await repo.listComputedDays(tx, { companyId: opts.company.id, from: opts.from, to: opts.to });
  if (!daysToCompute({ ...opts, computed: first }).length) return;
  await repo.lockCompanyRollups(tx, opts.company.id);
  const computed = await repo.listComputedDays(tx, { companyId: opts.company.id, from: opts.from, to: opts.to });
  for (const day of daysToCompute({ ...opts, computed })) {
    const seen = computed.get(day);
    if (seen) {
      const { start, end } = instantsOfLocalDay({ day, timeZone: opts.company.timezone });
      const now = await repo.countDayInputs(tx, { companyId: opts.company.id, start, end });
      if (now.messages === seen.messages && now.optOuts === seen.optOuts) {
        if (opts.now >= closesAt({ day, timeZone: opts.company.timezone }))
          await repo.markDay(tx, { companyId: opts.company.id, day, computedAt: opts.now, ...now });
        continue;
      }
    }
    await computeDay(tx, { company: opts.company, day, now: opts.now });
  }
}

/** Drops and recomputes every day of one company from its first message to today (the rebuild command, the seed). */
export async function rebuildCompanyRollups(opts: { db: TDatabase; company: TRollupCompany; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const { company } = opts;
  return runInScope(opts.db, { companyId: company.id }, async (tx) => {
    await repo.lockCompanyRollups(tx, company.id);
    await repo.deleteAllRollups(tx, company.id);
    const span = await repo.messageSpan(tx, company.id);
    if (!span) return 0;
    const today = localDayOf({ instant: now, timeZone: company.timezone });
    const from = localDayOf({ instant: span.first, timeZone: company.timezone });
    const lastDay = localDayOf({ instant: span.last, timeZone: company.timezone });
    const days = daysBetween({ from, to: lastDay < today ? lastDay : today });
    for (const day of days) await computeDay(tx, { company, day, now });
    return days.length;
  });
}
