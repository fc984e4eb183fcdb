import type { TMessage, TMessageType } from '@cd/contracts/message';

/** Message types that name what an automated text was about (spec part 1 §3); others are shown as plain automated. */
const NAMED_TYPES: readonly TMessageType[] = [
  'REPAIR_ORDER_STATUS_URL',
  'customer_notified_prior_to_arrival',
  'customer_interested_in_vehicle_appraisal',
  'WELCOME_MESSAGE',
];

/**
 * How the messenger labels a message the product sent by itself: null for people's messages; otherwise the
 * catalogue key of its type when it has one (`message_type_REPAIR_ORDER_STATUS_URL`, …).
 */
export function automatedLabelOf(m: Pick<TMessage, 'sender' | 'direction' | 'type'>): { typeKey: string | null } | null {
  if (m.sender !== 'system' || m.direction !== 'OUTBOUND') return null;
  return { typeKey: NAMED_TYPES.includes(m.type) ? `message_type_${m.type}` : null };
}
