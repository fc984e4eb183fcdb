import { customerDisplayName } from '@cd/contracts/customer';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import { CARD_BRANDS } from '@cd/contracts/payments';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TRuleWithRefs } from './recurring-rules.repository';
import { transactionIri } from './transactions.presenter';

export const recurringRuleIri = (id: number) => `/api/payment/recurring_rules/${id}`;

const brandOf = (v: string | null) => (v === null ? null : (CARD_BRANDS as readonly string[]).includes(v) ? (v as (typeof CARD_BRANDS)[number]) : 'other');

/** The token never leaves the server: the card shows brand, last 4 and its consent only. */
export function toRuleResource(r: TRuleWithRefs): TRecurringRule {
  const { customer, card, charges } = r.refs;
  return {
    '@id': recurringRuleIri(r.id),
    '@type': 'RecurringRule',
    id: r.id,
    customer: { '@id': iri('customers', r.customerId), id: r.customerId, name: customer ? customerDisplayName(customer) : 'NN' },
    savedCard: {
      '@id': `/api/payment/saved_cards/${card!.id}`,
      id: card!.id,
      cardBrand: brandOf(card!.brand),
      cardLast4: card!.last4,
      consentName: card!.consentName,
      consentAt: new Date(card!.consentAt).toISOString(),
      revokedAt: card!.revokedAt ? new Date(card!.revokedAt).toISOString() : null,
    },
    amountCents: r.amountCents,
    description: r.description,
    dayOfMonth: r.dayOfMonth,
    enabled: r.enabled,
    nextChargeAt: r.nextChargeAt?.toISOString() ?? null,
    lastChargedAt: r.lastChargedAt?.toISOString() ?? null,
    failures: r.failures,
    consent: {
      name: r.consentName,
      text: r.consentText,
      at: r.consentAt.toISOString(),
      recordedBy: r.consentRecordedById === null ? null : iri('users', r.consentRecordedById),
    },
    charges: charges.map((c) => ({
      period: c.period,
      state: c.state,
      amountCents: c.amountCents,
      transaction: c.transactionId === null ? null : transactionIri(c.transactionId),
      message: c.message,
    })),
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  };
}

/** Rules are money: the payment role's topic and the company admins' (a declined month is their notice). */
export function ruleEvent(companyId: number, resource: TRecurringRule, event: 'created' | 'updated', changes: string[] | null = null): TLiveEventInput {
  return {
    companyId,
    topics: [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_PAYMENT')],
    event,
    entity: 'payment_recurring_rule',
    data: resource,
    changes,
  };
}
