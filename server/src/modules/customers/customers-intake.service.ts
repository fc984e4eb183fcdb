import type { TTx } from '../../db/client';
import * as repo from './customers.repository';
import type { TCustomerRow } from './customers.schema';

/* Customers that arrive from outside a signed-in screen: a person opting in on the public page, another system's
 * import. Both run in the caller's transaction and never duplicate a customer (the phone is the company-unique key). */

/**
 * A person's explicit opt-in (the public QR page), in the caller's transaction: finds the customer by phone or
 * creates one (owned by the company's default user), records the consent in the ledger, lifts an earlier STOP (they
 * have just consented again), unarchives and bumps the conversation. Names typed by the person fill only empty
 * ones: staff may have corrected them already.
 */
export async function recordCustomerOptIn(
  tx: TTx,
  opts: {
    companyId: number;
    defaultUserId: number | null;
    phone: string;
    firstName: string;
    lastName?: string;
    source: string;
    detail: Record<string, unknown>;
    now: Date;
  },
): Promise<{ customer: TCustomerRow; isNew: boolean }> {
  const { companyId, now } = opts;
  let customer = await repo.findCustomerByPhone(tx, { companyId, phone: opts.phone });
  const isNew = !customer;
  if (!customer) {
    customer = await repo.insertCustomer(tx, {
      companyId,
      phone: opts.phone,
      firstName: opts.firstName,
      lastName: opts.lastName ?? '',
      userId: opts.defaultUserId,
      bumpedAt: now,
    });
  }
  await repo.insertConsentEvent(tx, { companyId, customerId: customer.id, kind: 'opt_in', source: opts.source, detail: opts.detail });
  const values: Partial<TCustomerRow> = { bumpedAt: now, archived: false, optOut: false, optedOutAt: null };
  if (!customer.firstName.trim()) values.firstName = opts.firstName;
  if (!customer.lastName.trim() && opts.lastName) values.lastName = opts.lastName;
  customer = (await repo.updateCustomer(tx, { companyId, id: customer.id, values }))!;
  return { customer, isNew };
}

/**
 * A customer another system brings (the DMS import), in the caller's transaction: found by phone (E.164, the
 * company-unique key), else created; never a duplicate. Names and email fill only empty fields: staff may have
 * corrected them, and a second import must change nothing. Without a phone nothing can be matched here, so the
 * caller keeps its own key → customer map and calls this only for a customer it has not seen.
 */
export async function findOrCreateCustomerByPhone(
  tx: TTx,
  opts: { companyId: number; phone: string | null; firstName: string; lastName: string; email: string | null; ownerId: number | null; now: Date },
): Promise<{ customer: TCustomerRow; isNew: boolean }> {
  const { companyId } = opts;
  const found = opts.phone ? await repo.findCustomerByPhone(tx, { companyId, phone: opts.phone }) : undefined;
  if (!found) {
    const customer = await repo.insertCustomer(tx, {
      companyId,
      phone: opts.phone,
      firstName: opts.firstName,
      lastName: opts.lastName,
      email: opts.email,
      userId: opts.ownerId,
      bumpedAt: opts.now,
    });
    return { customer, isNew: true };
  }
  const values: Partial<TCustomerRow> = {};
  if (!found.firstName.trim() && opts.firstName) values.firstName = opts.firstName;
  if (!found.lastName.trim() && opts.lastName) values.lastName = opts.lastName;
  if (!found.email && opts.email) values.email = opts.email;
  if (!Object.keys(values).length) return { customer: found, isNew: false };
  return { customer: (await repo.updateCustomer(tx, { companyId, id: found.id, values })) ?? found, isNew: false };
}
