import type { z } from 'zod';
import type { ZPaymentSchema } from '@cd/contracts/company';
import type { TPaymentRequest } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCompanyRow } from '../companies/companies.api';
import * as customersApi from '../customers/customers.api';
import { orderEvent, presentOrder } from '../repair-orders/repair-orders.api';
import { paymentRequestEvent, toPaymentRequestResource, toPaymentRequestSummary } from './payment-requests.presenter';
import * as repo from './payment-requests.repository';
import type { TPaymentRequestRow } from './payment-requests.schema';

export type TEmit = (events: TLiveEventInput[]) => void;
export type TPaymentSettings = z.infer<typeof ZPaymentSchema>;

export const DAY_MS = 86_400_000;

export function paymentSettingsOf(company: Pick<TCompanyRow, 'payment'>): TPaymentSettings {
  return (company.payment ?? {}) as TPaymentSettings;
}

/** Spec part 2 §5 "payment must be enabled": switched on, with a provider chosen. */
export function paymentEnabled(company: Pick<TCompanyRow, 'payment'>): boolean {
  const s = paymentSettingsOf(company);
  return s.enabled === true && !!s.provider;
}

/** When a request sent at `sentAt` expires: markAsExpiredAfterDays later, or never (null). */
export function expiryOf(opts: { company: Pick<TCompanyRow, 'payment'>; sentAt: Date }): Date | null {
  const days = paymentSettingsOf(opts.company).markAsExpiredAfterDays;
  return typeof days === 'number' && days > 0 ? new Date(opts.sentAt.getTime() + days * DAY_MS) : null;
}

export async function presentPaymentRequest(tx: TTx, opts: { deps: Pick<TAppDeps, 'config'>; row: TPaymentRequestRow }): Promise<TPaymentRequest> {
  const withRefs = await repo.findPaymentRequestWithRefs(tx, { companyId: opts.row.companyId, id: opts.row.id });
  return toPaymentRequestResource(withRefs!, { publicUrl: opts.deps.config.publicUrl });
}

/**
 * Tells who needs to know that a request changed: its own live event, the customer's lastPaymentRequest when it now
 * reads differently (the conversation shows it), and the order's event when `orderChanged` (a new request listed).
 */
export async function publishPaymentRequest(
  tx: TTx,
  opts: { deps: Pick<TAppDeps, 'config'>; row: TPaymentRequestRow; event: TLiveEventInput['event']; changes?: string[]; emit: TEmit; orderChanged?: boolean },
): Promise<TPaymentRequest> {
  const { row } = opts;
  const resource = await presentPaymentRequest(tx, { deps: opts.deps, row });
  opts.emit([paymentRequestEvent(resource, row, opts.event, opts.changes)]);
  if (row.customerId !== null) {
    const latest = await repo.findLatestOfCustomer(tx, { companyId: row.companyId, customerId: row.customerId });
    const summary = latest ? toPaymentRequestSummary(latest) : null;
    const customer = await customersApi.findCustomer(tx, { companyId: row.companyId, ownerId: null, id: row.customerId });
    if (customer && JSON.stringify(customer.lastPaymentRequest ?? null) !== JSON.stringify(summary)) {
      const updated = await customersApi.updateCustomer(tx, { companyId: row.companyId, id: row.customerId, values: { lastPaymentRequest: summary } });
      if (updated) opts.emit([customersApi.customerEvent(updated, 'updated', { changes: ['lastPaymentRequest'] })]);
    }
  }
  return resource;
}

/** The order's event after its list of requests changed. */
export async function publishOrder(tx: TTx, opts: { deps: Pick<TAppDeps, 'config'>; order: Parameters<typeof presentOrder>[1]['order']; emit: TEmit }) {
  opts.emit([orderEvent(await presentOrder(tx, { deps: opts.deps, order: opts.order }), opts.order.companyId, 'updated', ['paymentRequests'])]);
}
