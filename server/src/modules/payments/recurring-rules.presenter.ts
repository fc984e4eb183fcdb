import { customerDisplayName } from '@cd/contracts/customer';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TRecurringRule, TRecurringRuleStatus, TSavedCard, TSavedCardListItem } from '@cd/contracts/payment-operations';
import { CARD_BRANDS } from '@cd/contracts/payments';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import { cardExpiredFor, periodOf } from './recurring-rules.dates';
import type { TRuleWithRefs } from './recurring-rules.repository';
import type { TRecurringRuleRow, TSavedCardRow } from './recurring-rules.schema';
import { transactionIri } from './transactions.presenter';

export const recurringRuleIri = (id: number) => `/api/payment/recurring_rules/${id}`;

const brandOf = (v: string | null) => (v === null ? null : (CARD_BRANDS as readonly string[]).includes(v) ? (v as (typeof CARD_BRANDS)[number]) : 'other');

type TCardRef = NonNullable<TRuleWithRefs['refs']['card']>;

/** The token never leaves the server: brand, last 4, expiry and the consent only. `expired`: by this UTC month. */
export function toSavedCardResource(card: TCardRef, now = new Date()): TSavedCard {
  return {
    '@id': `/api/payment/saved_cards/${card.id}`,
    id: card.id,
    cardBrand: brandOf(card.brand),
    cardLast4: card.last4,
    consentName: card.consentName,
    consentAt: new Date(card.consentAt).toISOString(),
    revokedAt: card.revokedAt ? new Date(card.revokedAt).toISOString() : null,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    expired: cardExpiredFor(card, periodOf(now, 'UTC')),
  };
}

/** A saved card in the cards list: the card and whose it is. */
export function toSavedCardListItem(
  row: TSavedCardRow & { customerFirstName: string | null; customerLastName: string | null },
  now = new Date(),
): TSavedCardListItem {
  return {
    ...toSavedCardResource(
      {
        id: row.id,
        brand: row.cardBrand,
        last4: row.cardLast4,
        consentName: row.consentName,
        consentAt: row.consentAt.toISOString(),
        revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
        expiryMonth: row.expiryMonth,
        expiryYear: row.expiryYear,
      },
      now,
    ),
    customer: {
      '@id': iri('customers', row.customerId),
      id: row.customerId,
      name: customerDisplayName({ firstName: row.customerFirstName, lastName: row.customerLastName }),
    },
  };
}

/** See RECURRING_RULE_STATUSES: the most telling state first. A finished rule has an end month and no next charge. */
export function ruleStatusOf(r: TRecurringRuleRow, card: TSavedCard, now = new Date()): TRecurringRuleStatus {
  if (r.endedAt) return 'cancelled';
  if (card.revokedAt) return 'card_revoked';
  if (r.endMonth && (r.nextChargeAt === null || periodOf(now, 'UTC') > r.endMonth)) return 'finished';
  if (card.expired) return 'card_expired';
  if (!r.enabled) return 'paused';
  if (r.startMonth && periodOf(now, 'UTC') < r.startMonth) return 'scheduled';
  return 'active';
}

export function toRuleResource(r: TRuleWithRefs): TRecurringRule {
  const { customer, card, charges } = r.refs;
  const savedCard = toSavedCardResource(card!);
  return {
    '@id': recurringRuleIri(r.id),
    '@type': 'RecurringRule',
    id: r.id,
    customer: { '@id': iri('customers', r.customerId), id: r.customerId, name: customer ? customerDisplayName(customer) : 'NN' },
    savedCard,
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
    startMonth: r.startMonth,
    endMonth: r.endMonth,
    status: ruleStatusOf(r, savedCard),
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
