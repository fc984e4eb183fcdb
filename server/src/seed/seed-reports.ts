import { rangeOfReportPeriod } from '@cd/contracts/report-periods';
import type { TReportSchedule } from '@cd/contracts/reports';
import { weekStartsOnOf } from '@cd/contracts/survey-dates';
import type { TTx } from '../db/client';
import { queueGeneration } from '../modules/reports/reports-planning';
import { insertReport } from '../modules/reports/reports.repository';
import { nextReportSlot } from '../modules/reports/reports-schedule';

/**
 * Demo reports for Demo Motors (docs/reports.md): a weekly usage report (Mondays 07:00, last 7 days, mailed to the
 * manager) with its last three Mondays already generated, and a one-time survey report of last month. The rows are
 * written here and their generation queued, so the worker builds the real PDF and workbook through the same generator
 * on first start (a few seconds); seeding itself stays fast. The seeded runs are not mailed (`notify` false).
 */
export async function seedDemoReports(tx: TTx, opts: { motorsId: number; timeZone: string; country: string; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const { motorsId: companyId, timeZone, country } = opts;
  const schedule: TReportSchedule = { frequency: 'weekly', weekdays: ['monday'], time: '07:00' };
  const slots: Date[] = [];
  for (let at = new Date(now.getTime() - 22 * 86_400_000); ;) {
    at = nextReportSlot({ schedule, timeZone, after: at });
    if (at > now) break;
    slots.push(at);
  }
  const recent = slots.slice(-3);
  const common = { companyId, kind: 'usage_and_response_time' as const, filters: { userIds: [], channels: [] }, timeZone };
  const parentId = (await insertReport(tx, {
    ...common,
    type: 'recurring',
    status: 'active',
    period: 'last_7_days',
    schedule,
    recipients: ['admin@motors.example.com'],
    fromDay: null,
    toDay: null,
    nextRunAt: nextReportSlot({ schedule, timeZone, after: now }),
    createdAt: new Date((recent[0] ?? now).getTime() - 86_400_000),
  }))!;
  for (const slot of recent) {
    const range = rangeOfReportPeriod({ period: 'last_7_days', now: slot, timeZone, weekStartsOn: weekStartsOnOf(country) });
    const id = (await insertReport(tx, {
      ...common,
      type: 'recurring_generated',
      status: 'pending',
      period: 'last_7_days',
      schedule: null,
      recipients: ['admin@motors.example.com'],
      fromDay: range.from,
      toDay: range.to,
      parentId,
      slot,
      notify: false,
      createdAt: slot,
    }))!;
    await queueGeneration(tx, { companyId, reportId: id });
  }
  const lastMonth = rangeOfReportPeriod({ period: 'last_month', now, timeZone, weekStartsOn: weekStartsOnOf(country) });
  const surveyId = (await insertReport(tx, {
    ...common,
    kind: 'survey_results',
    type: 'one_time',
    status: 'pending',
    period: 'last_month',
    schedule: null,
    recipients: [],
    fromDay: lastMonth.from,
    toDay: lastMonth.to,
    notify: false,
  }))!;
  await queueGeneration(tx, { companyId, reportId: surveyId });
}
