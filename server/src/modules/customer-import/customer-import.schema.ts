import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TSpreadsheetFormat } from './read-spreadsheet';

/** Customer fields a file column can be mapped to. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'notes',
  'tags',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'preferredBrand',
] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];
export type TImportMapping = Partial<Record<TImportField, string>>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

export interface TImportOptions {
  /** consent_events.source of the opt-ins this import records. */
  consentSource: string;
  /** The file documents the customers' consent: record an opt-in for each (never for opted-out customers). */
  optedIn: boolean;
  /** Added to every imported customer's tags. */
  tags: string[];
  /** Owner of created customers (the importer for non-admins; admins may name one, else none). */
  ownerId: number | null;
  /** Non-admins may only update customers they own (as in the customers module); others' phones fail. */
  ownOnly: boolean;
}

export interface TImportRowError {
  row: number;
  reasons: string[];
}

/** Table created by migration 0004; tenant-owned (RLS on company_id). */
export const customerImports = pgTable(
  'customer_imports',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    status: text('status').notNull().$type<TImportStatus>().default('queued'),
    fileFormat: text('file_format').notNull().$type<TSpreadsheetFormat>(),
    storageKey: text('storage_key').notNull(),
    originalFileName: text('original_file_name').notNull(),
    mapping: jsonb('mapping').notNull().$type<TImportMapping>(),
    options: jsonb('options').notNull().$type<TImportOptions>(),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    errors: jsonb('errors').notNull().$type<TImportRowError[]>().default([]),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TCustomerImportRow = typeof customerImports.$inferSelect;
export type TCustomerImportInsert = typeof customerImports.$inferInsert;
