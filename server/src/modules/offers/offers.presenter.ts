import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TOffer, TOfferResults } from '@cd/contracts/offers';
import type { TLiveEventInput } from '../../live/live.types';
import type { TOfferRow } from './offers.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const EMPTY_OFFER_RESULTS: TOfferResults = { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0 };

export function toOfferResource(r: TOfferRow, results: TOfferResults | undefined, imageUrl: string | null = null): TOffer {
  return {
    '@id': `/api/offers/${r.id}`,
    '@type': 'Offer',
    id: r.id,
    name: r.name,
    message: r.message,
    audience: {
      interestIds: r.audience.interestIds.map((id) => `/api/interests/${id}`),
      tagIds: r.audience.tagIds.map((t) => `/api/customer_tags/${encodeURIComponent(t)}`),
      groupIds: r.audience.groupIds.map((id) => `/api/customer_groups/${id}`),
    },
    image: r.imageMediaId ? `/api/media_objects/${r.imageMediaId}` : null,
    imageUrl,
    status: r.status,
    scheduledAt: iso(r.scheduledAt),
    sentAt: iso(r.sentAt),
    failureReason: r.failureReason,
    createdBy: r.createdById ? `/api/users/${r.createdById}` : null,
    results: results ?? EMPTY_OFFER_RESULTS,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Offers and their results are for the offers and marketing roles and the company admins, not every user. */
export function offerTopics(companyId: number): string[] {
  return [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_OFFERS'), companyRoleTopic(companyId, 'ROLE_MARKETING')];
}

export function offerEvent(r: TOfferRow, results: TOfferResults | undefined, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return { companyId: r.companyId, topics: offerTopics(r.companyId), event, entity: 'offer', data: toOfferResource(r, results), changes: null };
}
