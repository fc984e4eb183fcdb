/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */
import type { TMessageStatus } from './message';

export const MESSAGES_PER_PAGE = 15;

/**
 * Outbound status moves only forward (provider callbacks may arrive out of order). Higher rank wins;
 * FAILED/UNDELIVERED are terminal unless a retry starts a new attempt.
 */
export const STATUS_RANK: Record<TMessageStatus, number> = {
  scheduled: 0,
  SENDING: 1,
  SENT: 2,
  FAILED: 3,
  UNDELIVERED: 3,
  DELIVERED: 4,
  SEEN: 5,
  READ: 6,
  RECEIVED: 0,
  blocked: 9,
};
