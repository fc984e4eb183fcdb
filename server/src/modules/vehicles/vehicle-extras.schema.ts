import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TVehicleRecall, TVehicleRecommendationStatus } from '@cd/contracts/vehicle-extras';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Deferred recommendations (migration 0016): a denied line kept on its vehicle. */
export const vehicleRecommendations = pgTable(
  'vehicle_recommendations',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    sourceLineId: bigint('source_line_id', { mode: 'number' }),
    sourceOrderId: bigint('source_order_id', { mode: 'number' }),
    description: text('description').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().$type<TVehicleRecommendationStatus>().default('open'),
    addedLineId: bigint('added_line_id', { mode: 'number' }),
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TVehicleRecommendationRow = typeof vehicleRecommendations.$inferSelect;

/** NHTSA answers per make/model/year (migration 0016); public data shared by every company. */
export const nhtsaRecallCache = pgTable(
  'nhtsa_recall_cache',
  {
    make: text('make').notNull(),
    model: text('model').notNull(),
    modelYear: integer('model_year').notNull(),
    recalls: jsonb('recalls').notNull().$type<TVehicleRecall[]>(),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.make, t.model, t.modelYear] })],
);
