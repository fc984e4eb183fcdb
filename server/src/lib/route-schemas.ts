import { z } from 'zod';

export const ZIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Accepts `5` or `/api/companies/5` for relation filters. */
export const ZIdOrIriSchema = z
  .string()
  .regex(/^(\/api\/[a-z_]+\/)?\d{1,15}$/, 'Expected an id or IRI.')
  .transform((v) => Number(v.slice(v.lastIndexOf('/') + 1)));

export const ZBooleanQuerySchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export function pageWindow(query: { page: number; itemsPerPage?: number; pagination?: 'true' | 'false' }, defaultSize: number) {
  const paginated = query.pagination !== 'false';
  const itemsPerPage = query.itemsPerPage ?? defaultSize;
  return {
    paginated,
    page: query.page,
    itemsPerPage,
    limit: paginated ? itemsPerPage : null,
    offset: paginated ? (query.page - 1) * itemsPerPage : 0,
  };
}

/** A reference in a body: a number, a numeric string or an IRI such as `/api/customers/5`. */
export const ZIdRefSchema = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), ZIdOrIriSchema]);
