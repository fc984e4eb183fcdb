import { ZIdStringSchema } from '@cd/contracts/ids';
import { z } from 'zod';

/** `/:id` path parameters: plain positive decimals (`0x10`, `1e1`, ` 1`, `1.0` are 400, not another id). */
export const ZIdParamsSchema = z.object({ id: ZIdStringSchema });

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


/** Keyset cursor of the inbox-ordered lists (inbox, unassigned queue): the last row's bumpedAt and id, opaque to clients. */
export const ZBumpedCursorSchema = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const [at, id] = Buffer.from(v, 'base64url').toString('utf8').split('|');
    const date = new Date(at ?? '');
    if (!at || Number.isNaN(date.getTime()) || !/^[1-9]\d{0,15}$/.test(id ?? '')) {
      ctx.addIssue({ code: 'custom', message: 'Invalid cursor.' });
      return z.NEVER;
    }
    return { bumpedAt: date, id: Number(id) };
  });

export function encodeBumpedCursor(row: { bumpedAt: Date | null; id: number }): string {
  return Buffer.from(`${(row.bumpedAt ?? new Date(0)).toISOString()}|${row.id}`).toString('base64url');
}
