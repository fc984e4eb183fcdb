import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TCustomerLinkPurpose } from '@cd/contracts/customer-link';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Short customer links (migration 0014); `code` is unique across companies. */
export const customerLinks = pgTable(
  'customer_links',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    purpose: text('purpose').notNull().$type<TCustomerLinkPurpose>(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    automatedMessageId: bigint('automated_message_id', { mode: 'number' }),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    firstOpenedAt: at('first_opened_at'),
    lastOpenedAt: at('last_opened_at'),
    openCount: integer('open_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TCustomerLinkRow = typeof customerLinks.$inferSelect;
