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

