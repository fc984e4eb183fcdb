/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */

/** Conversation time spans of spec part 1 §9 (filter `span`). */
export const CONVERSATION_SPANS = ['last_hour', 'today', 'this_week', 'this_month', 'next_2_hours'] as const;

/** Spec part 1 §3: a customer shows as NN when both names are empty or the first name is UNKNOWN. */
export function customerDisplayName(c: { firstName?: string | null; lastName?: string | null }): string {
  const first = (c.firstName ?? '').trim();
  const last = (c.lastName ?? '').trim();
  if ((!first && !last) || first.toUpperCase() === 'UNKNOWN') return 'NN';
  return [first, last].filter(Boolean).join(' ');
}
