import { z } from 'zod';

/** Live event as delivered over the Mercure-protocol stream (spec part 1 §4). */
export interface TLiveEvent<T = unknown> {
  event: 'created' | 'updated' | 'removed' | 'trigger';
  /** Entity short name: customer, message, thread, company, … */
  entity: string;
  /** For triggers: e.g. `read_state_update`. */
  action: string | null;
  data: T;
  /** Names of the fields that changed (updates). */
  changes: string[] | null;
  /** The event id (also the SSE id used for replay). */
  id: string;
  extra: Record<string, unknown> | null;
}

/** Topics a user's live token may subscribe to. */
export function companyTopic(companyId: number): string {
  return `/api/companies/${companyId}`;
}
/** Everything company admins see (every customer and message of the company). */
export function companyAdminsTopic(companyId: number): string {
  return `/api/companies/${companyId}/admins`;
}
/**
 * Roles whose holders hear their area's events without being company admins: a cashier with the payment role sees a
 * transaction arrive, an accounting clerk a statement paid, a parts counter a ticket paid, a listing agent a new lead.
 */
export const AREA_ROLE_TOPICS = ['ROLE_PAYMENT', 'ROLE_AUTO_ACCOUNTING', 'ROLE_AUTO_PARTS_SALES', 'ROLE_REAL_ESTATE', 'ROLE_OFFERS', 'ROLE_MARKETING'] as const;
export type TAreaTopicRole = (typeof AREA_ROLE_TOPICS)[number];
export function companyRoleTopic(companyId: number, role: TAreaTopicRole): string {
  return `/api/companies/${companyId}/roles/${role}`;
}
export function userTopic(userId: number): string {
  return `/api/users/${userId}`;
}
/**
 * Events of no company (a scheduled job's run starting or ending, issue 20): only super admins' tokens list this
 * topic, and only the system scope reads its rows (live_events.company_id is null for them).
 */
export const SUPER_ADMINS_TOPIC = '/api/system/super_admins';

/** GET /api/get_mercure_jwt: a subscriber token for the live hub, the hub's address and the topics it may hear. */
export const ZMercureTokenSchema = z.object({ token: z.string(), hubUrl: z.string(), topics: z.array(z.string()) });
export type TMercureToken = z.infer<typeof ZMercureTokenSchema>;
