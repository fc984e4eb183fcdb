import {
  APPOINTMENT_WRONG_STATE,
  APPOINTMENTS_MODULE_OFF,
  HOLD_EXPIRED,
  NO_APPOINTMENTS_FOR_PARAMETERS,
  NO_WORKING_DAYS,
  NOT_ACCEPTING_APPOINTMENTS,
  SLOT_NOT_AVAILABLE,
} from '@cd/contracts/appointment-constants';

/** The spec's appointment messages (part 2 §8): the server answers them as catalogue keys. */
const KNOWN_KEYS = new Set<string>([
  APPOINTMENT_WRONG_STATE,
  APPOINTMENTS_MODULE_OFF,
  HOLD_EXPIRED,
  NO_APPOINTMENTS_FOR_PARAMETERS,
  NO_WORKING_DAYS,
  NOT_ACCEPTING_APPOINTMENTS,
  SLOT_NOT_AVAILABLE,
]);

interface TErrorLike {
  status?: unknown;
  body?: unknown;
}

function statusOf(error: unknown): number | null {
  const s = (error as TErrorLike | null)?.status;
  return typeof s === 'number' ? s : null;
}

/** The catalogue key a problem body names (`description` / `detail`), when it is one of the appointment messages. */
export function appointmentMessageKeyOf(error: unknown): string | null {
  const body = (error as TErrorLike | null)?.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return null;
  for (const field of ['description', 'detail'] as const) {
    const v = body[field];
    if (typeof v === 'string' && KNOWN_KEYS.has(v)) return v;
  }
  return null;
}

/** 403 because the company has the appointments module off. */
export function isModuleOffError(error: unknown): boolean {
  return statusOf(error) === 403 && appointmentMessageKeyOf(error) === APPOINTMENTS_MODULE_OFF;
}

/**
 * The message key a failed call shows, or null when it is not a conflict the screen explains itself (the API client's
 * toast already said it). A move, resize or booking that conflicts is "slot not available"; an action that conflicts
 * is "already sent or not in that state" — whatever words the server chose, the spec's message is shown.
 */
export function conflictMessageKeyOf(options: { error: unknown; kind: 'move' | 'action' | 'create' }): string | null {
  if (statusOf(options.error) !== 409) return null;
  const key = appointmentMessageKeyOf(options.error);
  if (options.kind === 'action') return APPOINTMENT_WRONG_STATE;
  // Moving a canceled appointment is a wrong state, not a taken slot.
  return key === APPOINTMENT_WRONG_STATE ? APPOINTMENT_WRONG_STATE : SLOT_NOT_AVAILABLE;
}
