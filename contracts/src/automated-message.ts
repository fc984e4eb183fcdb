import { z } from 'zod';
import { ZChannelSchema } from './customer';
import { ZIdStringSchema } from './ids';
import { ZMessageStatusSchema, type TMessageType } from './message';
import type { TModifierField } from './message-modifiers';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Automated messages: every text the product sends by itself goes through one engine (ARCHITECTURE §6) and is
 * recorded once under a key `<entity>:<id>:<kind>` that the database keeps unique, so a retry, a double click or two
 * workers never send it twice. Later modules add their entities and kinds to the two tables below.
 */
export const AUTOMATED_MESSAGE_ENTITIES = ['repair_order', 'vehicle', 'survey', 'appointment', 'payment_request'] as const;
export type TAutomatedMessageEntity = (typeof AUTOMATED_MESSAGE_ENTITIES)[number];

interface TAutomatedMessageKindInfo {
  /** What the key's id points at. */
  entity: TAutomatedMessageEntity;
  /** The company text it renders (message-modifiers.ts). */
  field: TModifierField;
  /** How the messenger shows it (spec part 1 §3 message types). */
  messageType: TMessageType;
  /**
   * Sent more than once per entity (each status change, each approval round, each appraisal after the cooldown):
   * the key then ends with `:<n>`, the n-th occurrence, which the sender counts in the transaction that plans it.
   */
  repeatable: boolean;
}

export const AUTOMATED_MESSAGE_KINDS = {
  status_url: { entity: 'repair_order', field: 'automotiveMessages.repairOrderStatusUrl', messageType: 'REPAIR_ORDER_STATUS_URL', repeatable: false },
  status_update: { entity: 'repair_order', field: 'automotiveMessages.repairOrderStatusUpdate', messageType: 'STANDARD', repeatable: true },
  line_approval: { entity: 'repair_order', field: 'automotiveMessages.repairOrderLineApproval', messageType: 'STANDARD', repeatable: true },
  vehicle_ready: { entity: 'repair_order', field: 'automotiveMessages.vehicleReady', messageType: 'STANDARD', repeatable: false },
  prior_to_arrival: {
    entity: 'repair_order',
    field: 'automotiveMessages.vehicleReadyNotifyPriorToArrivalText',
    messageType: 'customer_notified_prior_to_arrival',
    repeatable: false,
  },
  vehicle_appraisal: {
    entity: 'vehicle',
    field: 'automotiveMessages.vehicleAppraisalText',
    messageType: 'customer_interested_in_vehicle_appraisal',
    repeatable: true,
  },
  /** The survey itself (its key is the survey's: one survey, one text), and the one reminder of an unanswered survey. */
  survey: { entity: 'survey', field: 'surveySettings.text', messageType: 'STANDARD', repeatable: false },
  survey_resend: { entity: 'survey', field: 'surveySettings.resendText', messageType: 'STANDARD', repeatable: false },
  /** Appointments (issue 16): each sent once per appointment (spec part 2 §4); the reminder moves with the time. */
  appointment_request: { entity: 'appointment', field: 'appointmentsSettings.requestText', messageType: 'STANDARD', repeatable: false },
  appointment_confirmation: { entity: 'appointment', field: 'appointmentsSettings.confirmationText', messageType: 'STANDARD', repeatable: false },
  appointment_denial: { entity: 'appointment', field: 'appointmentsSettings.denialText', messageType: 'STANDARD', repeatable: false },
  appointment_cancellation: { entity: 'appointment', field: 'appointmentsSettings.cancellationText', messageType: 'STANDARD', repeatable: false },
  appointment_reminder: { entity: 'appointment', field: 'appointmentsSettings.reminderText', messageType: 'STANDARD', repeatable: false },
  /** Payment requests (issue 17): the payment.text with its link; a resend is the next occurrence. */
  payment_request: { entity: 'payment_request', field: 'payment.text', messageType: 'STANDARD', repeatable: true },
} as const satisfies Record<string, TAutomatedMessageKindInfo>;
export type TAutomatedMessageKind = keyof typeof AUTOMATED_MESSAGE_KINDS;
export const AUTOMATED_MESSAGE_KIND_NAMES = Object.keys(AUTOMATED_MESSAGE_KINDS) as [TAutomatedMessageKind, ...TAutomatedMessageKind[]];
export const ZAutomatedMessageKindSchema = z.enum(AUTOMATED_MESSAGE_KIND_NAMES);

export function isAutomatedMessageKind(value: string): value is TAutomatedMessageKind {
  return Object.hasOwn(AUTOMATED_MESSAGE_KINDS, value);
}

/** The parts of a once-only key; `occurrence` is null for kinds sent once per entity. */
export interface TAutomatedMessageKey {
  entity: TAutomatedMessageEntity;
  id: number;
  kind: TAutomatedMessageKind;
  occurrence: number | null;
}

/** Longer than any key we build: refused before any other work. */
const KEY_MAX_LENGTH = 100;
const KEY_RE = /^([a-z][a-z_]{0,39}):([1-9][0-9]{0,15}):([a-z][a-z_]{0,39})(?::([1-9][0-9]{0,15}))?$/;

const isPositiveSafeInteger = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/**
 * The once-only key of an automated message, e.g. `repair_order:42:vehicle_ready` or `repair_order:42:status_update:3`.
 * The entity comes from the kind. Throws on a programming error (an id that is not a positive safe integer, or an
 * occurrence given to a kind sent once or missing for a repeatable one).
 */
export function buildAutomatedMessageKey(options: { kind: TAutomatedMessageKind; id: number; occurrence?: number }): string {
  const { kind, id, occurrence } = options;
  const info = AUTOMATED_MESSAGE_KINDS[kind];
  if (!isPositiveSafeInteger(id)) throw new RangeError(`Automated message key: bad id ${String(id)}`);
  if (info.repeatable !== (occurrence !== undefined))
    throw new RangeError(`Automated message key: ${kind} ${info.repeatable ? 'needs' : 'takes no'} occurrence`);
  if (occurrence !== undefined && !isPositiveSafeInteger(occurrence)) throw new RangeError(`Automated message key: bad occurrence ${String(occurrence)}`);
  const base = `${info.entity}:${id}:${kind}`;
  return occurrence === undefined ? base : `${base}:${occurrence}`;
}

/**
 * Reads a key back (from the database, a job payload, a query string). Strict: exactly the shape the builder makes —
 * a known kind of its own entity, decimal ids without sign, spaces or leading zeros, the occurrence exactly when the
 * kind is repeatable — otherwise null.
 */
export function parseAutomatedMessageKey(value: unknown): TAutomatedMessageKey | null {
  if (typeof value !== 'string' || value.length > KEY_MAX_LENGTH) return null;
  const m = KEY_RE.exec(value);
  if (!m) return null;
  const [, entity, idText, kind, occurrenceText] = m;
  if (!isAutomatedMessageKind(kind!)) return null;
  const info: TAutomatedMessageKindInfo = AUTOMATED_MESSAGE_KINDS[kind];
  if (info.entity !== entity) return null;
  if (info.repeatable !== (occurrenceText !== undefined)) return null;
  const id = Number(idText);
  const occurrence = occurrenceText === undefined ? null : Number(occurrenceText);
  if (!isPositiveSafeInteger(id) || (occurrence !== null && !isPositiveSafeInteger(occurrence))) return null;
  return { entity: info.entity, id, kind, occurrence };
}

/**
 * Where an automated message stands. Held ones wait (quiet hours end, safe mode off); skipped ones were not sent
 * on purpose and say why; sent, skipped and cancelled are final; a failed one may be planned again (retry).
 */
export const AUTOMATED_MESSAGE_STATES = [
  'planned',
  'held_quiet_hours',
  'held_safe_mode',
  'sent',
  'skipped_opted_out',
  'skipped_no_channel',
  'cancelled',
  'failed',
] as const;
export const ZAutomatedMessageStateSchema = z.enum(AUTOMATED_MESSAGE_STATES);
export type TAutomatedMessageState = z.infer<typeof ZAutomatedMessageStateSchema>;

/** Per state: the i18n key of the reason the order screen shows, its English text, and whether it may still change. */
export const AUTOMATED_MESSAGE_STATE_INFO: Readonly<Record<TAutomatedMessageState, { reasonKey: string; text: string; final: boolean }>> = {
  planned: { reasonKey: 'automated_message_planned', text: 'Will be sent at the planned time.', final: false },
  held_quiet_hours: { reasonKey: 'automated_message_held_quiet_hours', text: 'Waiting for quiet hours to end.', final: false },
  held_safe_mode: { reasonKey: 'automated_message_held_safe_mode', text: 'Waiting: safe mode is on for this company.', final: false },
  sent: { reasonKey: 'automated_message_sent', text: 'Sent.', final: true },
  skipped_opted_out: { reasonKey: 'automated_message_skipped_opted_out', text: 'Not sent: the customer opted out.', final: true },
  skipped_no_channel: { reasonKey: 'automated_message_skipped_no_channel', text: 'Not sent: no channel can reach this customer.', final: true },
  cancelled: { reasonKey: 'automated_message_cancelled', text: 'Cancelled: no longer due.', final: true },
  failed: { reasonKey: 'automated_message_failed', text: 'Sending failed.', final: false },
};

const NEXT_STATES: Readonly<Record<TAutomatedMessageState, readonly TAutomatedMessageState[]>> = {
  planned: ['held_quiet_hours', 'held_safe_mode', 'sent', 'skipped_opted_out', 'skipped_no_channel', 'cancelled', 'failed'],
  held_quiet_hours: ['planned', 'held_safe_mode', 'sent', 'skipped_opted_out', 'skipped_no_channel', 'cancelled', 'failed'],
  held_safe_mode: ['planned', 'held_quiet_hours', 'sent', 'skipped_opted_out', 'skipped_no_channel', 'cancelled', 'failed'],
  failed: ['planned', 'cancelled'],
  sent: [],
  skipped_opted_out: [],
  skipped_no_channel: [],
  cancelled: [],
};

/** Whether the engine may move a message from one state to another (a final state never changes: once only). */
export function canMoveAutomatedMessage(options: { from: TAutomatedMessageState; to: TAutomatedMessageState }): boolean {
  return NEXT_STATES[options.from].includes(options.to);
}

/** GET /api/automated_messages?entity=repair_order&entityId=42: what was (or will be) sent for one entity. */
export const ZAutomatedMessageListQuerySchema = z.object({ entity: z.enum(AUTOMATED_MESSAGE_ENTITIES), entityId: ZIdStringSchema });
export type TAutomatedMessageListQuery = z.infer<typeof ZAutomatedMessageListQuerySchema>;

/** An automated message as the order screen reads it. */
export const ZAutomatedMessageSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('AutomatedMessage'),
    id: z.number().int(),
    key: z.string(),
    kind: ZAutomatedMessageKindSchema,
    entity: z.enum(AUTOMATED_MESSAGE_ENTITIES),
    entityId: z.number().int(),
    state: ZAutomatedMessageStateSchema,
    /** AUTOMATED_MESSAGE_STATE_INFO[state].reasonKey, or a sharper key for a failure (e.g. the provider's). */
    reasonKey: z.string(),
    /** When it is due (timed automations) or was first tried. */
    dueAt: ZIsoDateTimeSchema.nullable(),
    /** While held: when it will be tried again (end of quiet hours); null for safe mode (until switched off). */
    heldUntil: ZIsoDateTimeSchema.nullable(),
    sentAt: ZIsoDateTimeSchema.nullable(),
    /** The rendered text, once rendered. */
    content: z.string().nullable(),
    /** `/api/messages/{id}` in the customer's thread once sent, with its delivery state. */
    message: z.string().nullable(),
    messageStatus: ZMessageStatusSchema.nullable(),
    channel: ZChannelSchema.nullable(),
    error: z.string().nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'AutomatedMessage' });
export type TAutomatedMessage = z.infer<typeof ZAutomatedMessageSchema>;
