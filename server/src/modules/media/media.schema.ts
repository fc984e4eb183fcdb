import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Table created by migration 0002; tenant-owned (RLS on company_id). */
export const mediaObjects = pgTable(
  'media_objects',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    originalMimeType: text('original_mime_type').notNull(),
    originalFileName: text('original_file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    thumbnailKey: text('thumbnail_key'),
    entityName: text('entity_name'),
    entityId: bigint('entity_id', { mode: 'number' }),
    entityField: text('entity_field'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TMediaRow = typeof mediaObjects.$inferSelect;
export type TMediaInsert = typeof mediaObjects.$inferInsert;
