import type { TRecurringRule, TRecurringRuleStatus } from '@cd/contracts/payment-operations';

/** A month 'YYYY-MM' as people read it ('03/2027'). */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The rule's months as a translation key and its values: from–to, from, until, or every month. */
export function monthsOf(rule: Pick<TRecurringRule, 'startMonth' | 'endMonth'>): { key: string; values: Record<string, string> } {
  const { startMonth: start, endMonth: end } = rule;
  if (start && end) return { key: 'recurring_rule_months', values: { start: monthLabel(start), end: monthLabel(end) } };
  if (start) return { key: 'recurring_rule_from', values: { start: monthLabel(start) } };
  if (end) return { key: 'recurring_rule_until', values: { end: monthLabel(end) } };
  return { key: 'recurring_rule_every_month', values: {} };
}

/** '12/2039', or null when the processor never said. */
export function expiryOf(card: TRecurringRule['savedCard']): string | null {
  return card.expiryMonth === null || card.expiryYear === null ? null : `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;
}

/** Chip colours: going (success), waiting (info), needs someone (warning), over (default). */
export function statusColor(status: TRecurringRuleStatus): 'success' | 'info' | 'warning' | 'default' {
  if (status === 'active') return 'success';
  if (status === 'scheduled') return 'info';
  if (status === 'card_expired' || status === 'card_revoked') return 'warning';
  return 'default';
}

/** A revoked card cannot be revoked again; a cancelled rule's card may still serve other rules. */
export const canRevoke = (rule: TRecurringRule) => rule.savedCard.revokedAt === null;
