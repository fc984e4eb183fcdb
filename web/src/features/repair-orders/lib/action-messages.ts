import { REPAIR_ORDER_LINES_NOT_CLOSED, SURVEY_NOT_CONFIGURED } from '@cd/contracts/repair-order';
import { VEHICLE_HAS_OPEN_ORDERS } from '@cd/contracts/vehicle';
import { ApiError } from '../../../lib/api-client';
import type { TRepairOrderAction } from '../api/repair-order-actions';

/** What a server refusal says, as sent (message, then detail or description). */
function serverMessageOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const b = err.body as Record<string, unknown> | null;
  for (const field of ['message', 'detail', 'description', 'title'] as const) {
    const v = b && typeof b === 'object' ? b[field] : undefined;
    if (typeof v === 'string' && v.trim()) return v;
  }
  return null;
}

/** The success toast's catalogue key of each action. */
export const ACTION_DONE_KEYS: Record<TRepairOrderAction, string> = {
  close: 'repair_order_closed_toast',
  send_vehicle_ready: 'vehicle_ready_sent_toast',
  send_approval_request: 'approval_request_sent_toast',
  send_survey: 'survey_sent_toast',
};

/**
 * The catalogue key (or server text) to show when an action is refused: the spec's words for lines still open and a
 * survey that is not configured; the server's own message otherwise; a generic failure when nothing was said.
 */
export function actionErrorMessage(err: unknown): string {
  const message = serverMessageOf(err);
  if (message === REPAIR_ORDER_LINES_NOT_CLOSED || message?.includes(REPAIR_ORDER_LINES_NOT_CLOSED)) return REPAIR_ORDER_LINES_NOT_CLOSED;
  if (message === SURVEY_NOT_CONFIGURED) return SURVEY_NOT_CONFIGURED;
  if (message) return message;
  return err instanceof ApiError && err.status === 0 ? 'network_error' : 'repair_order_action_failed';
}

/** A refused vehicle delete: the spec's sentence when the server says the vehicle has open orders (409 or 422). */
export function vehicleDeleteErrorMessage(err: unknown): string {
  const message = serverMessageOf(err);
  if (message && message.toLowerCase().includes(VEHICLE_HAS_OPEN_ORDERS.toLowerCase())) return VEHICLE_HAS_OPEN_ORDERS;
  if (err instanceof ApiError && err.status === 409) return VEHICLE_HAS_OPEN_ORDERS;
  return message ?? 'vehicle_delete_failed';
}

/** A 422's violations as field → message, for forms. */
export function violationsByField(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const v of err.violations) if (v.propertyPath && !out[v.propertyPath]) out[v.propertyPath] = v.message;
  return out;
}
