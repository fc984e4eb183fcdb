import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** Migration 0023: saved cards (the processor's token, encrypted), monthly rules and one charge per rule and period. */
export const paymentSavedCards = pgTable(
  'payment_saved_cards',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    customerId: id('customer_id').notNull(),
    provider: text('provider').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    consentName: text('consent_name').notNull(),
    consentText: text('consent_text').notNull(),
    consentAt: at('consent_at').notNull(),
    consentRecordedById: id('consent_recorded_by_id'),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Migration 0027: null when never given. */
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TSavedCardRow = typeof paymentSavedCards.$inferSelect;

export const paymentRecurringRules = pgTable(
  'payment_recurring_rules',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    customerId: id('customer_id').notNull(),
    /** Null while the first charge (which saves the card) is under way: migration 0026. */
    savedCardId: id('saved_card_id'),
    amountCents: cents('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    dayOfMonth: integer('day_of_month').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextChargeAt: at('next_charge_at'),
    lastChargedAt: at('last_charged_at'),
    failures: integer('failures').notNull().default(0),
    consentName: text('consent_name').notNull(),
    consentText: text('consent_text').notNull(),
    consentAt: at('consent_at').notNull(),
    consentRecordedById: id('consent_recorded_by_id'),
    createdById: id('created_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    createKey: text('create_key'),
    /** Migration 0027: first and last month charged ('YYYY-MM', inclusive); null = no bound. */
    startMonth: text('start_month'),
    endMonth: text('end_month'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TRecurringRuleRow = typeof paymentRecurringRules.$inferSelect;

export const paymentRecurringCharges = pgTable(
  'payment_recurring_charges',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    ruleId: id('rule_id').notNull(),
    period: text('period').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull().$type<'pending' | 'approved' | 'declined' | 'error' | 'unknown'>().default('pending'),
    amountCents: cents('amount_cents').notNull(),
    transactionId: id('transaction_id'),
    message: text('message'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TRecurringChargeRow = typeof paymentRecurringCharges.$inferSelect;
