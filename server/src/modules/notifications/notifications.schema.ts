import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TNotificationData } from '@cd/contracts/notification';

export const notifications = pgTable(
  'notifications',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data').notNull().$type<TNotificationData>().default({}),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TNotificationRow = typeof notifications.$inferSelect;

export type TDeliveryChannel = 'push' | 'email' | 'sms';
export type TDeliveryStatus = 'sending' | 'sent' | 'failed' | 'gone' | 'skipped';

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull().$type<TDeliveryChannel>(),
    target: text('target').notNull(),
    status: text('status').notNull().$type<TDeliveryStatus>(),
    providerId: text('provider_id'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.notificationId, t.channel, t.target] })],
);
export type TDeliveryRow = typeof notificationDeliveries.$inferSelect;

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull().$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
