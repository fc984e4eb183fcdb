import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A customer's vehicle (garage, migration 0014). */
export const vehicles = pgTable(
  'vehicles',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    mileage: integer('mileage').notNull(),
    vin: text('vin'),
    registration: text('registration'),
    serialNumber: text('serial_number'),
    appraisalMessageSentAt: timestamp('appraisal_message_sent_at', { withTimezone: true, mode: 'date' }),
    dmsKey: text('dms_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TVehicleRow = typeof vehicles.$inferSelect;
