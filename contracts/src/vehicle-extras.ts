import { z } from 'zod';
import { idRefOf } from './ids';
import { ZIsoDateTimeSchema } from './refs';

/**
 * What a vehicle carries beyond its own fields (issue 13 "Beyond the anchors"): deferred recommendations — lines the
 * customer denied, kept on the vehicle and offered again at its next order — and open recalls from NHTSA.
 */
export const VEHICLE_RECOMMENDATION_STATUSES = ['open', 'added', 'dismissed'] as const;
export type TVehicleRecommendationStatus = (typeof VEHICLE_RECOMMENDATION_STATUSES)[number];

/** A deferred recommendation as GET /api/vehicles/{id}/recommendations answers it. */
export const ZVehicleRecommendationSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('VehicleRecommendation'),
    id: z.number().int(),
    /** `/api/vehicles/{id}`. */
    vehicle: z.string(),
    description: z.string(),
    /** Cents, as the denied line was priced. */
    price: z.number().int(),
    status: z.enum(VEHICLE_RECOMMENDATION_STATUSES),
    /** `/api/repair_orders/{id}` of the order whose line was denied; null when that order is gone. */
    sourceRepairOrder: z.string().nullable(),
    /** `/api/repair_order_lines/{id}` once it became a line of a later order. */
    addedLine: z.string().nullable(),
    resolvedAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'VehicleRecommendation' });
export type TVehicleRecommendation = z.infer<typeof ZVehicleRecommendationSchema>;

/** The optional field of POST /api/repair_order_lines that turns an open recommendation of the order's vehicle into the line. */
export const ZFromRecommendationSchema = idRefOf('vehicle_recommendations');

/** One recall campaign as NHTSA reports it (fields renamed to ours; missing ones are null). */
export const ZVehicleRecallSchema = z.object({
  campaignNumber: z.string(),
  component: z.string().nullable(),
  summary: z.string().nullable(),
  consequence: z.string().nullable(),
  remedy: z.string().nullable(),
  reportedAt: z.string().nullable(),
});
export type TVehicleRecall = z.infer<typeof ZVehicleRecallSchema>;

/**
 * GET /api/vehicles/{id}/recalls. `available: false` when NHTSA could not be asked (down, slow, an error): the order
 * goes on, the screen says the check is unavailable. Recalls are by make, model and model year (NHTSA's public API),
 * so they are the campaigns that may concern the vehicle, not proof that this VIN is unrepaired.
 */
export const ZVehicleRecallsSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), checkedAt: ZIsoDateTimeSchema, recalls: z.array(ZVehicleRecallSchema) }),
  z.object({ available: z.literal(false), reason: z.enum(['error', 'timeout', 'not_configured']) }),
]);
export type TVehicleRecalls = z.infer<typeof ZVehicleRecallsSchema>;

/** Answer of POST /api/vehicles/{id}/send_vehicle_appraisal_message. */
export const ZVehicleAppraisalSentSchema = z.object({
  /** `/api/vehicles/{id}`. */
  vehicle: z.string(),
  appraisalMessageSentAt: ZIsoDateTimeSchema,
  /** The planned automated message's key (`vehicle:{id}:vehicle_appraisal:{n}`). */
  automatedMessageKey: z.string(),
});

/** 409 messages of the appraisal action. */
export const VEHICLE_APPRAISAL_COOLDOWN = 'vehicle_appraisal_cooldown';
export const VEHICLE_APPRAISAL_NOT_CONFIGURED = 'vehicle_appraisal_not_configured';
