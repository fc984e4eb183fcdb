type TPgError = { code: string; constraint?: string; detail?: string; table?: string; column?: string };

/** PostgreSQL error details, whether the driver error arrives bare or wrapped (DrizzleQueryError.cause, transactions). */
function pgError(err: unknown): TPgError | undefined {
  let e = err as (Partial<TPgError> & { cause?: unknown }) | undefined;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as TPgError;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

/**
 * Runs a transaction that may create a row another request creates at the same moment (a customer by phone): the
 * loser of that race finds the winner's row on its one second try.
 */
export async function retryOnceOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return run();
  }
}

export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

/** What the one error handler answers for a database constraint or data error; no SQL or values leak out. */
export type TDbProblem = {
  status: 400 | 404 | 409 | 422;
  detail: string;
  violations?: { propertyPath: string; message: string; code: string }[];
};

/** `customer_id` → `customer`, `sent_at` → `sentAt`: the API's name for a column (relations drop the `_id`). */
function fieldOfColumn(column: string): string {
  return column.replace(/_id$/, '').replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The columns and referenced table of a foreign-key failure. PostgreSQL's detail reads
 * `Key (company_id, customer_id)=(1, 5) is not present in table "customers".`, or without the key when the
 * connecting role may not read those columns (our app role): then the constraint name (`<table>_<columns>_fkey`,
 * PostgreSQL's default naming, used by every migration) still names the columns.
 */
function foreignKeyParts(e: TPgError): { columns: string[]; values: string[]; table?: string; stillReferenced: boolean } {
  const m = /^Key (?:\(([^)]*)\)=\(([^)]*)\) )?is (not present in|still referenced from) table "([^"]+)"/.exec(e.detail ?? '');
  const stillReferenced = m?.[3] === 'still referenced from';
  if (m?.[1] && m[2]) return { columns: m[1].split(', '), values: m[2].split(', '), table: m[4], stillReferenced };
  const named = e.constraint && e.table && e.constraint.startsWith(`${e.table}_`) && e.constraint.endsWith('_fkey')
    ? e.constraint.slice(e.table.length + 1, -'_fkey'.length)
    : '';
  // `company_id_customer_id` → the tenant column plus one more; several other columns cannot be told apart.
  const own = named.startsWith('company_id_') ? named.slice('company_id_'.length) : named;
  const columns = own && (own === 'company_id' || !own.slice(0, -3).includes('_id_')) ? [own] : [];
  return { columns, values: [], table: m?.[4], stillReferenced };
}

/**
 * Maps a database constraint or data error to an answer (undefined when `err` is none):
 * unknown reference → 422 naming the field, or 404 when the missing row is the one the path names; a row still
 * referenced, or a duplicate → 409; check / not-null / too long / out of range → 422; malformed text → 400.
 * Services that know better (a duplicate email, an unknown company) still throw their own AppError first.
 */
export function problemFromDbError(err: unknown, request: { routeUrl?: string; params?: unknown }): TDbProblem | undefined {
  const e = pgError(err);
  if (!e) return undefined;
  switch (e.code) {
    case '23503': {
      const fk = foreignKeyParts(e);
      if (fk.stillReferenced) return { status: 409, detail: 'This item is still in use and cannot be removed or changed.' };
      // `/api/customers/:id/...` and the missing row is that customer: the path names something that is gone.
      const pathTable = /^\/api\/([a-z_]+)\/:id\b/.exec(request.routeUrl ?? '')?.[1];
      const pathId = String((request.params as { id?: unknown } | undefined)?.id ?? '');
      // When the key is hidden from us, the referenced table alone decides.
      if (fk.table && fk.table === pathTable && pathId && (fk.values.length === 0 || fk.values.includes(pathId)))
        return { status: 404, detail: 'Not found.' };
      const own = fk.columns.filter((c) => c !== 'company_id');
      const field = fieldOfColumn((own.length ? own : fk.columns).at(-1) ?? '');
      const message = 'This reference does not exist.';
      return field
        ? { status: 422, detail: `${field}: ${message}`, violations: [{ propertyPath: field, message, code: 'unknown_reference' }] }
        : { status: 422, detail: message };
    }
    case '23505':
      return { status: 409, detail: 'This item already exists.' };
    case '23514':
    case '23P01':
      return { status: 422, detail: 'A value breaks a rule of this item.' };
    case '23502': {
      const field = e.column ? fieldOfColumn(e.column) : '';
      const message = 'This value is required.';
      return field
        ? { status: 422, detail: `${field}: ${message}`, violations: [{ propertyPath: field, message, code: 'required' }] }
        : { status: 422, detail: message };
    }
    case '22001':
      return { status: 422, detail: 'A value is too long.' };
    case '22003':
      return { status: 422, detail: 'A number is out of range.' };
    case '22P02':
    case '22007':
    case '22008':
    case '22021':
    case '22P05':
      return { status: 400, detail: 'A value is not in a valid format.' };
    default:
      return undefined;
  }
}
