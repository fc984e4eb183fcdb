import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TAppointmentSource, TAppointmentStatus } from '@cd/contracts/appointment-constants';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0021. */
export const appointments = pgTable(
  'appointments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().$type<TAppointmentStatus>(),
    source: text('source').notNull().$type<TAppointmentSource>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TAppointmentRow = typeof appointments.$inferSelect;

export const appointmentServices = pgTable(
  'appointment_services',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    serviceId: bigint('service_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.appointmentId, t.position] })],
);
export type TAppointmentServiceRow = typeof appointmentServices.$inferSelect;

export const appointmentHolds = pgTable(
  'appointment_holds',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    token: text('token').notNull(),
    serviceIds: bigint('service_ids', { mode: 'number' }).array().notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TAppointmentHoldRow = typeof appointmentHolds.$inferSelect;

/** An appointment with what the calendar shows of it, read in one statement. */
export interface TAppointmentView extends TAppointmentRow {
  customerName: string;
  customerPhone: string | null;
  vehicleLabel: string | null;
  assigneeName: string | null;
  services: { id: number; title: string; duration: number }[];
  resources: { id: number; name: string; kind: 'bay' | 'loaner' | 'other' }[];
}
