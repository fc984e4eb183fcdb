/** Customer fields an import file's columns can be mapped to (phone is required). */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'notes', 'tags', 'street', 'city', 'state', 'zip', 'country', 'preferredBrand'] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];
export type TImportMapping = Partial<Record<TImportField, string>>;
export const REQUIRED_IMPORT_FIELDS: readonly TImportField[] = ['phone'];

export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Only .csv and .xlsx files are accepted. */
export function isImportFile(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name.trim());
}

export function isImportField(v: string): v is TImportField {
  return (IMPORT_FIELDS as readonly string[]).includes(v);
}

/**
 * The mapping the dialog starts with: the server's suggestion, keeping only known fields and columns that exist,
 * and never the same column twice (the first field in IMPORT_FIELDS order keeps it).
 */
export function initialMapping(suggested: Record<string, string | null | undefined> | null | undefined, columns: readonly string[]): TImportMapping {
  const out: TImportMapping = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const col = suggested?.[field];
    if (!col || !columns.includes(col) || used.has(col)) continue;
    out[field] = col;
    used.add(col);
  }
  return out;
}

export type TMappingError = 'required' | 'duplicate' | 'unknown_column';

/** Phone must be mapped; a column may feed only one field; every mapped column must exist in the file. */
export function validateMapping(mapping: TImportMapping, columns: readonly string[]): { ok: boolean; errors: Partial<Record<TImportField, TMappingError>> } {
  const errors: Partial<Record<TImportField, TMappingError>> = {};
  const byColumn = new Map<string, TImportField[]>();
  for (const field of IMPORT_FIELDS) {
    const col = mapping[field];
    if (!col) continue;
    if (!columns.includes(col)) {
      errors[field] = 'unknown_column';
      continue;
    }
    byColumn.set(col, [...(byColumn.get(col) ?? []), field]);
  }
  for (const fields of byColumn.values()) if (fields.length > 1) for (const f of fields) errors[f] = 'duplicate';
  for (const f of REQUIRED_IMPORT_FIELDS) if (!mapping[f]) errors[f] = 'required';
  return { ok: Object.keys(errors).length === 0, errors };
}

/** Assigns a column to a field (or clears it with ''), returning a new mapping. */
export function setMapping(mapping: TImportMapping, field: TImportField, column: string): TImportMapping {
  const next = { ...mapping };
  if (column) next[field] = column;
  else delete next[field];
  return next;
}

/** The `mapping` multipart field: JSON of field → column, mapped fields only. */
export function mappingPayload(mapping: TImportMapping): string {
  const out: Record<string, string> = {};
  for (const f of IMPORT_FIELDS) if (mapping[f]) out[f] = mapping[f]!;
  return JSON.stringify(out);
}

/** Comma-separated tags → trimmed, unique, non-empty. */
export function parseTags(input: string): string[] {
  const out: string[] = [];
  const done = new Set<string>();
  for (const raw of input.split(',')) {
    const tag = raw.trim();
    if (!tag || done.has(tag.toLowerCase())) continue;
    done.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export type TImportStatus = 'queued' | 'running' | 'done' | 'failed';

export function isImportFinished(status: string | null | undefined): boolean {
  return status === 'done' || status === 'failed';
}

/** 0–100 progress of a running import. */
export function importPercent(p: { processedRows?: number; totalRows?: number } | null | undefined): number {
  const total = p?.totalRows ?? 0;
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((p?.processedRows ?? 0) / total) * 100)));
}
