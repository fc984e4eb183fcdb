import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import type { TPublicApprovalPage } from '@cd/contracts/customer-link';
import type { TLineApprovalAnswer, TLineDecision } from '@cd/contracts/repair-order-line';
import { ApiError } from '../../../lib/api-client';
import { localeOf } from '../../../lib/date-locale';

export type TDecisions = Readonly<Record<number, TLineDecision | undefined>>;
type TLine = TPublicApprovalPage['lines'][number];

/** The lines still waiting for the customer's answer. */
export function pendingLinesOf(page: Pick<TPublicApprovalPage, 'lines' | 'answeredAt'>): TLine[] {
  return page.answeredAt ? [] : page.lines.filter((l) => l.status === 'pending');
}

/** Running totals in cents while the customer chooses: approved, denied and not yet decided. */
export function decisionTotals(lines: readonly Pick<TLine, 'id' | 'price'>[], decisions: TDecisions): { approved: number; denied: number; undecided: number } {
  const totals = { approved: 0, denied: 0, undecided: 0 };
  for (const line of lines) {
    const d = decisions[line.id];
    if (d === 'approved') totals.approved += line.price;
    else if (d === 'denied') totals.denied += line.price;
    else totals.undecided += line.price;
  }
  return totals;
}

export function allDecided(lines: readonly Pick<TLine, 'id'>[], decisions: TDecisions): boolean {
  return lines.length > 0 && lines.every((l) => decisions[l.id] !== undefined);
}

/** The POST body: one decision per pending line (every line must be decided first). */
export function approvalAnswerOf(lines: readonly Pick<TLine, 'id'>[], decisions: TDecisions): TLineApprovalAnswer | null {
  if (!allDecided(lines, decisions)) return null;
  return { answers: lines.map((l) => ({ lineId: l.id, decision: decisions[l.id]! })) };
}

/** Why a link page did not load: the contracts' keys for 404 and 410, a generic failure otherwise. */
export function linkErrorKey(err: unknown): 'link_not_found' | 'link_expired' | 'public_page_load_failed' {
  if (err instanceof ApiError) {
    if (err.status === 404 || err.status === 400) return 'link_not_found';
    if (err.status === 410) return 'link_expired';
  }
  return 'public_page_load_failed';
}

/**
 * A UTC "HH:mm" on a given day as the page's language writes it, in the company's time zone (the stored hours are UTC):
 * "8:00 AM" in English, "08:00" in bs/hr/sr. 24-hour locales get two-digit hours, as a schedule reads there.
 */
export function zonedTimeOf(options: { hhmm: string; day: Date; timezone: string; language?: string }): string {
  const [h, m] = options.hhmm.split(':').map(Number);
  const at = new Date(Date.UTC(options.day.getUTCFullYear(), options.day.getUTCMonth(), options.day.getUTCDate(), h, m));
  const locale = localeOf(options.language);
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  const hour = hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
  const format = (timeZone: string) => new Intl.DateTimeFormat(locale, { timeZone, hour, minute: '2-digit' }).format(at);
  try {
    return format(options.timezone);
  } catch {
    return `${format('UTC')} UTC`;
  }
}

/** The UTC date of each weekday in the week of `now` (Monday first), so conversions follow that week's DST. */
export function weekDatesOf(now: Date): Record<TWeekday, Date> {
  const mondayOffset = (now.getUTCDay() + 6) % 7;
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - mondayOffset);
  return Object.fromEntries(WEEKDAYS.map((d, i) => [d, new Date(monday + i * 86_400_000)])) as Record<TWeekday, Date>;
}
