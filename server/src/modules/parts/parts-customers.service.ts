import {
  PARTS_LIST_MAX,
  PARTS_MESSAGES,
  PARTS_UNPAGED_MAX,
  type TPartsCustomer,
  type TPartsCustomerCreate,
  type TPartsCustomerListQuery,
  type TPartsCustomerPatch,
} from '@cd/contracts/parts';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { findCustomer } from '../customers/customers.api';
import { partsCompanyOf } from './parts.access';
import { toPartsCustomerResource } from './parts.presenter';
import * as repo from './parts.repository';
import type { TPartsPageAsk } from './parts.schema';

/** Trade accounts of the parts counter (docs/parts-and-accounting.md "Parts sales"). */

const DEFAULT_PAGE = 30;
const REFERENCE_TAKEN = 'Another parts customer has this customer reference.';

export interface TPage<T> {
  member: T[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/** The page a list query asks for: keyset by creation time, or everything up to a cap with `pagination=false`. */
export function pageAskOf(query: {
  pagination?: 'true' | 'false';
  itemsPerPage?: number;
  'createdAt[strictly_before]'?: string;
  'id[lt]'?: number;
}): TPartsPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: PARTS_UNPAGED_MAX };
  const before = query['createdAt[strictly_before]'];
  return {
    paginated: true,
    limit: Math.min(query.itemsPerPage ?? DEFAULT_PAGE, PARTS_LIST_MAX),
    before: before ? new Date(before) : undefined,
    idLt: query['id[lt]'],
  };
}

export function pageOf<R extends { createdAt: Date; id: number }, T>(rows: R[], ask: TPartsPageAsk, total: TListTotal | null, present: (r: R) => T): TPage<T> {
  const lastRow = rows.at(-1);
  return {
    member: rows.map(present),
    total,
    full: ask.paginated && rows.length === ask.limit,
    last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
  };
}

/** A linked messaging customer must be this company's (422 on the field otherwise). */
async function checkLinkedCustomer(tx: TTx, companyId: number, customerId: number | null | undefined): Promise<void> {
  if (!customerId) return;
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: customerId });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);

export async function listPartsCustomers(opts: { ctx: TRequestContext; query: TPartsCustomerListQuery }): Promise<TPage<TPartsCustomer>> {
  const companyId = partsCompanyOf(opts.ctx);
  const ask = pageAskOf(opts.query);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listPartsCustomers(tx, { companyId, name: opts.query.name || undefined, ask });
    const total = ask.before ? null : await repo.countPartsCustomers(tx, { companyId, name: opts.query.name || undefined });
    return pageOf(rows, ask, total, toPartsCustomerResource);
  });
}

export async function loadPartsCustomer(tx: TTx, opts: { companyId: number; id: number }) {
  const row = await repo.findPartsCustomer(tx, opts);
  if (!row) throw new AppError('not_found', 'Parts customer not found.');
  return row;
}

export async function getPartsCustomer(opts: { ctx: TRequestContext; id: number }): Promise<TPartsCustomer> {
  const companyId = partsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => toPartsCustomerResource(await loadPartsCustomer(tx, { companyId, id: opts.id })));
}

async function translateWriteErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, 'parts_customers_reference_key')) throw validationError([{ propertyPath: 'customerReference', message: REFERENCE_TAKEN }]);
    throw err;
  }
}

export async function createPartsCustomer(opts: { ctx: TRequestContext; body: TPartsCustomerCreate }): Promise<TPartsCustomer> {
  const companyId = partsCompanyOf(opts.ctx);
  const b = opts.body;
  return translateWriteErrors(() =>
    runInScope(opts.ctx.db, { companyId }, async (tx) => {
      await checkLinkedCustomer(tx, companyId, b.customer);
      const id = await repo.insertPartsCustomer(tx, {
        companyId,
        values: {
          name: b.name,
          contactName: b.contactName ?? '',
          phone: blankToNull(b.phone) ?? null,
          email: blankToNull(b.email) ?? null,
          termsDays: b.termsDays ?? 30,
          customerReference: b.customerReference ?? '',
          customerId: b.customer ?? null,
        },
      });
      return toPartsCustomerResource(await loadPartsCustomer(tx, { companyId, id }));
    }),
  );
}

export async function changePartsCustomer(opts: { ctx: TRequestContext; id: number; body: TPartsCustomerPatch }): Promise<TPartsCustomer> {
  const companyId = partsCompanyOf(opts.ctx);
  const b = opts.body;
  return translateWriteErrors(() =>
    runInScope(opts.ctx.db, { companyId }, async (tx) => {
      await loadPartsCustomer(tx, { companyId, id: opts.id });
      await checkLinkedCustomer(tx, companyId, b.customer);
      await repo.updatePartsCustomer(tx, {
        companyId,
        id: opts.id,
        values: {
          name: b.name,
          contactName: b.contactName,
          phone: blankToNull(b.phone),
          email: blankToNull(b.email),
          termsDays: b.termsDays,
          customerReference: b.customerReference,
          customerId: b.customer,
        },
      });
      return toPartsCustomerResource(await loadPartsCustomer(tx, { companyId, id: opts.id }));
    }),
  );
}

/** Only an account without tickets or statements goes (its history is what statements were built from). */
export async function deletePartsCustomer(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = partsCompanyOf(opts.ctx);
  try {
    await runInScope(opts.ctx.db, { companyId }, async (tx) => {
      if (!(await repo.deletePartsCustomer(tx, { companyId, id: opts.id }))) throw new AppError('not_found', 'Parts customer not found.');
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('conflict', PARTS_MESSAGES.customerInUse);
    throw err;
  }
}
