import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TNotificationSettings } from '@cd/contracts/user';

export type TAwayStateRow = {
  status: 'ONLINE' | 'AWAY' | 'AWAY_WITH_TRANSFER';
  backAt: string | null;
  awayText: string | null;
  transferToUserId: number | null;
};

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
  roles: text('roles').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  mechanic: boolean('mechanic').notNull().default(false),
  advisor: boolean('advisor').notNull().default(false),
  department: text('department'),
  dms: jsonb('dms').notNull().$type<{ dtPersonId?: string | null; cdkServiceAdvisorId?: string | null }>(),
  awayState: jsonb('away_state').notNull().$type<TAwayStateRow>().default({ status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null }),
  /** Counts away periods: the away auto-reply goes out once per conversation per period (away.service.ts). */
  awayPeriod: bigint('away_period', { mode: 'number' }).notNull().default(0),
  notificationSettings: jsonb('notification_settings')
    .notNull()
    .$type<TNotificationSettings>()
    .default({ email: false, emailRecipients: [], sms: false, smsRecipients: [], push: false }),
  webPushSubscriptions: jsonb('web_push_subscriptions').notNull().$type<{ endpoint: string; key: string; token: string }[]>().default([]),
  /** Bumped by every credential change; access tokens carry it (`tv`) and older ones are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  theme: text('theme').notNull().default('dark'),
  language: text('language').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type TUserRow = typeof users.$inferSelect;

/** Conversations that already got their owner's away text in the owner's current away period. */
export const awayReplies = pgTable(
  'away_replies',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    awayPeriod: bigint('away_period', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.awayPeriod, t.customerId] })],
);
