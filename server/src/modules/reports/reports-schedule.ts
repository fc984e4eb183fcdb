import { Cron } from 'croner';
import { WEEKDAYS } from '@cd/contracts/company';
import type { TReportSchedule } from '@cd/contracts/reports';

/**
 * Slots of a recurring report (spec part 2 §9), in the COMPANY's time zone: croner walks the local calendar, so
 * "Mondays at 07:00" stays 07:00 local across a daylight-saving change (the UTC instant moves by an hour). A local
 * time that does not exist that day (clocks jump forward over it) is croner's to place; 07:00 never falls in a gap.
 */

/** croner numbers weekdays from Sunday = 0. */
const CRON_DAY: Record<(typeof WEEKDAYS)[number], number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** The croner pattern of a schedule (minute hour day-of-month month day-of-week). */
export function cronPatternOf(schedule: TReportSchedule): string {
  if (schedule.frequency === 'hourly') return '0 * * * *';
  const [hh, mm] = schedule.time.split(':').map(Number);
  if (schedule.frequency === 'monthly_first') return `${mm} ${hh} 1 * *`;
  const days = [...schedule.weekdays].map((d) => CRON_DAY[d]).sort((a, b) => a - b);
  return `${mm} ${hh} * * ${days.join(',')}`;
}

/** The first slot strictly after `after`. */
export function nextReportSlot(opts: { schedule: TReportSchedule; timeZone: string; after: Date }): Date {
  const next = new Cron(cronPatternOf(opts.schedule), { paused: true, timezone: opts.timeZone }).nextRun(opts.after);
  if (!next) throw new Error(`schedule ${JSON.stringify(opts.schedule)} has no next slot`);
  return next;
}
