import { PAYMENT_REQUEST_SOURCES, type TPaymentRequestSource } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { AppError } from '../../lib/errors';
import { hasArea } from '../../lib/require-area';

/**
 * Who works with which payment requests (spec part 1 §2 menu roles, part 2 §6):
 * - a repair order's requests: every user of the company (repair orders themselves need no role);
 * - parts tickets and statements: the auto parts sales role; accounts receivable statements: the auto accounting role;
 * - standalone requests (and every request): the payment role and company admins (super admins through their scope).
 */
const ROLE_OF_SOURCE: Readonly<Record<TPaymentRequestSource, string | null>> = {
  repair_order: null,
  parts_ticket: 'ROLE_AUTO_PARTS_SALES',
  parts_statement: 'ROLE_AUTO_PARTS_SALES',
  ar_statement: 'ROLE_AUTO_ACCOUNTING',
  standalone: 'ROLE_PAYMENT',
};

export function managesAllPayments(ctx: TRequestContext): boolean {
  return hasArea({ ctx, area: 'payments' });
}

/** The sources the caller may see; every one for payment managers. */
export function visibleSources(ctx: TRequestContext): TPaymentRequestSource[] {
  if (managesAllPayments(ctx)) return [...PAYMENT_REQUEST_SOURCES];
  return PAYMENT_REQUEST_SOURCES.filter((s) => {
    const role = ROLE_OF_SOURCE[s];
    return role === null || ctx.actor.user.roles.includes(role);
  });
}

export function canSeeSource(ctx: TRequestContext, source: TPaymentRequestSource): boolean {
  return visibleSources(ctx).includes(source);
}

export function requireSource(ctx: TRequestContext, source: TPaymentRequestSource): void {
  if (!canSeeSource(ctx, source)) throw new AppError('forbidden', 'You do not have access to these payment requests.');
}
