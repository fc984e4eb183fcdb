/**
 * The months of recurring charges, in the company's time zone: a period is its local month ('2025-07') and its charge
 * time is the rule's day of month at 09:00 local (day 1–28 exists in every month). A charge is due once per period.
 */
export const CHARGE_HOUR = 9;

function localParts(instant: Date, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), min: n('minute'), s: n('second') };
}

/** The local month of an instant, 'YYYY-MM'. */
export function periodOf(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.y}-${String(p.m).padStart(2, '0')}`;
}

export function nextPeriodOf(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The instant of a local wall time: the UTC guess corrected by the zone's offset there (twice, for DST edges). */
function zonedInstant(opts: { y: number; m: number; d: number; h: number; timeZone: string }): Date {
  const wanted = Date.UTC(opts.y, opts.m - 1, opts.d, opts.h);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), opts.timeZone);
    guess += wanted - Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  }
  return new Date(guess);
}

/** When the rule charges in a period: its day at 09:00 local. */
export function chargeTimeOf(opts: { period: string; dayOfMonth: number; timeZone: string }): Date {
  const [y, m] = opts.period.split('-').map(Number) as [number, number];
  return zonedInstant({ y, m, d: opts.dayOfMonth, h: CHARGE_HOUR, timeZone: opts.timeZone });
}

/** The first charge time after `now` (this month's when still ahead, else next month's). */
export function firstChargeAfter(opts: { now: Date; dayOfMonth: number; timeZone: string }): Date {
  const period = periodOf(opts.now, opts.timeZone);
  const thisMonth = chargeTimeOf({ period, dayOfMonth: opts.dayOfMonth, timeZone: opts.timeZone });
  return thisMonth > opts.now ? thisMonth : chargeTimeOf({ period: nextPeriodOf(period), dayOfMonth: opts.dayOfMonth, timeZone: opts.timeZone });
}

/** The card's last valid month, 'YYYY-MM'; null when its expiry is not known. */
export const expiryPeriodOf = (card: { expiryMonth: number | null; expiryYear: number | null }) =>
  card.expiryMonth === null || card.expiryYear === null ? null : `${card.expiryYear}-${String(card.expiryMonth).padStart(2, '0')}`;

/** A card is good through the last day of its expiry month: expired for any later period. */
export function cardExpiredFor(card: { expiryMonth: number | null; expiryYear: number | null }, period: string): boolean {
  const last = expiryPeriodOf(card);
  return last !== null && last < period;
}

/**
 * The charge time of a rule's next period at or after `from` within its months: before its start month → the start
 * month's; after its end month → null (the rule is finished).
 */
export function boundedChargeTime(opts: { from: Date; dayOfMonth: number; timeZone: string; startMonth: string | null; endMonth: string | null }): Date | null {
  let at = opts.from;
  if (opts.startMonth && periodOf(at, opts.timeZone) < opts.startMonth)
    at = chargeTimeOf({ period: opts.startMonth, dayOfMonth: opts.dayOfMonth, timeZone: opts.timeZone });
  return opts.endMonth && periodOf(at, opts.timeZone) > opts.endMonth ? null : at;
}
