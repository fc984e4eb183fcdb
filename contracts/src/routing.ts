import { z } from 'zod';
import { ZChannelSchema } from './customer';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';
import { ZRoleSchema } from './roles';

/**
 * Routing and response-time promises (issue 21; docs/routing.md): a company's ordered assignment rules, the record of
 * every assignment decision, "take" of an unowned conversation, and a first-reply target over business hours.
 */

export const ROUTING_STRATEGIES = ['round_robin', 'least_busy', 'sticky', 'fixed_user'] as const;
export const ZRoutingStrategySchema = z.enum(ROUTING_STRATEGIES);
export type TRoutingStrategy = z.infer<typeof ZRoutingStrategySchema>;

export const ROUTING_LIMITS = {
  rules: 50,
  name: 100,
  keywords: 20,
  keyword: 60,
  department: 100,
  minutes: 7 * 24 * 60,
  decisionsMax: 50,
} as const;

export const ROUTING_MESSAGES = {
  ruleNotFound: 'Routing rule not found.',
  customerNotFound: 'Customer not found.',
  userRequired: 'A fixed-user rule needs a user.',
  userNotFound: 'The user must be an enabled user of your company.',
  tooManyRules: `At most ${ROUTING_LIMITS.rules} rules.`,
  reorderMismatch: 'The order must list every rule exactly once.',
  adminsOnly: 'Routing settings are for company admins.',
  takenBy: 'This conversation is already handled by someone else.',
  badHours: 'Closing time must be after opening time.',
} as const;

const ZTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');

const ZHhMmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm (00:00–23:59).');
export const ZBusinessDaySchema = z
  .strictObject({ start: ZHhMmSchema, end: ZHhMmSchema })
  .refine((d) => d.end > d.start, { message: ROUTING_MESSAGES.badHours, path: ['end'] });

const ZRuleFields = {
  name: ZTextSchema(ROUTING_LIMITS.name).pipe(z.string().min(1, 'This value should not be blank.')),
  enabled: z.boolean(),
  /** Matches when the message came on one of these channels; empty: any channel. */
  channels: z.array(ZChannelSchema).max(10),
  /** Matches when the text contains one of these (case-insensitive, plain text — never a pattern); empty: any text. */
  keywords: z.array(ZTextSchema(ROUTING_LIMITS.keyword).pipe(z.string().min(1, 'This value should not be blank.'))).max(ROUTING_LIMITS.keywords),
  strategy: ZRoutingStrategySchema,
  /** round_robin / least_busy / sticky: the agents holding this role (and department, when given). */
  role: ZRoleSchema,
  department: ZTextSchema(ROUTING_LIMITS.department).nullable(),
  /** fixed_user: the user (id). */
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
};

export const ZRoutingRuleCreateSchema = z.strictObject({
  name: ZRuleFields.name,
  enabled: ZRuleFields.enabled.default(true),
  channels: ZRuleFields.channels.default([]),
  keywords: ZRuleFields.keywords.default([]),
  strategy: ZRuleFields.strategy,
  role: ZRuleFields.role.default('ROLE_USER'),
  department: ZRuleFields.department.optional().default(null),
  userId: ZRuleFields.userId.optional().default(null),
});
export type TRoutingRuleCreate = z.infer<typeof ZRoutingRuleCreateSchema>;
/** The form's values (before defaults). */
export type TRoutingRuleInput = z.input<typeof ZRoutingRuleCreateSchema>;

export const ZRoutingRulePatchSchema = z.strictObject({
  name: ZRuleFields.name.optional(),
  enabled: ZRuleFields.enabled.optional(),
  channels: ZRuleFields.channels.optional(),
  keywords: ZRuleFields.keywords.optional(),
  strategy: ZRuleFields.strategy.optional(),
  role: ZRuleFields.role.optional(),
  department: ZRuleFields.department.optional(),
  userId: ZRuleFields.userId.optional(),
});
export type TRoutingRulePatch = z.infer<typeof ZRoutingRulePatchSchema>;

export const ZRoutingRuleSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('RoutingRule'),
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  channels: z.array(ZChannelSchema),
  keywords: z.array(z.string()),
  strategy: ZRoutingStrategySchema,
  role: ZRoleSchema,
  department: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TRoutingRule = z.infer<typeof ZRoutingRuleSchema>;

/** PUT /api/routing/rule_order: every rule id once, first rule first. */
export const ZRoutingRuleOrderSchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(ROUTING_LIMITS.rules),
});
export type TRoutingRuleOrder = z.infer<typeof ZRoutingRuleOrderSchema>;

export const ZRoutingSettingsSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('RoutingSettings'),
  /** First reply within this many business minutes; null: no target. */
  firstReplyMinutes: z.number().int().nullable(),
  /** The owner is warned when this share of the target has passed. */
  warnPercent: z.number().int(),
  /** An unanswered routed conversation goes to the next agent after this many minutes; null: never. */
  reassignMinutes: z.number().int().nullable(),
  /** Index 0 = Sunday; null: closed. Local time in `timeZone` (the company's). */
  businessHours: z.array(ZBusinessDaySchema.nullable()).length(7),
  timeZone: z.string(),
  /** Missed first-reply targets so far (reports read the same count). */
  breaches: z.number().int(),
});
export type TRoutingSettings = z.infer<typeof ZRoutingSettingsSchema>;

const ZMinutesSchema = z.number().int().min(1).max(ROUTING_LIMITS.minutes).nullable();
export const ZRoutingSettingsPatchSchema = z.strictObject({
  firstReplyMinutes: ZMinutesSchema.optional(),
  warnPercent: z.number().int().min(10).max(99).optional(),
  reassignMinutes: ZMinutesSchema.optional(),
  businessHours: z.array(ZBusinessDaySchema.nullable()).length(7).optional(),
});
export type TRoutingSettingsPatch = z.infer<typeof ZRoutingSettingsPatchSchema>;

export const ROUTING_DECISION_KINDS = ['route', 'reassign', 'take'] as const;
export const ROUTING_SKIP_REASONS = ['away', 'disabled', 'current_owner', 'no_previous_owner', 'busier'] as const;

export const ZRoutingDecisionSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('RoutingDecision'),
  id: z.number().int(),
  customerId: z.number().int(),
  kind: z.enum(ROUTING_DECISION_KINDS),
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  strategy: ZRoutingStrategySchema.nullable(),
  chosenUserId: z.number().int().nullable(),
  chosenUserName: z.string().nullable(),
  previousUserId: z.number().int().nullable(),
  /** A short machine-readable reason (`matched`, `no_rule_matched`, `no_agent_available`, `unanswered`, `taken`). */
  reason: z.string(),
  skipped: z.array(z.object({ userId: z.number().int(), reason: z.string() })),
  createdAt: ZIsoDateTimeSchema,
});
export type TRoutingDecision = z.infer<typeof ZRoutingDecisionSchema>;

/** POST /api/routing/conversations/{id}/take: the conversation now owned by the caller. */
export const ZRoutingTakeResultSchema = z.object({
  customerId: z.number().int(),
  userId: z.number().int(),
  /** False when the caller already owned it. */
  changed: z.boolean(),
});
export type TRoutingTakeResult = z.infer<typeof ZRoutingTakeResultSchema>;
