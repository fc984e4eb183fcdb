import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TListing, TListingLiveEvent } from '@cd/contracts/listings';
import type { TLiveEventInput } from '../../live/live.types';
import type { TListingRow } from './listings.schema';

export function toListingResource(r: TListingRow): TListing {
  return {
    '@id': `/api/listings/${r.id}`,
    '@type': 'Listing',
    id: r.id,
    name: r.name,
    url: r.url,
    keyword: r.keywordId === null ? null : `/api/keywords/${r.keywordId}`,
    keywordName: r.keywordName,
    location: r.location,
    priceCents: r.priceCents,
    negotiable: r.negotiable,
    status: r.status,
    agent: r.agentId === null ? null : `/api/users/${r.agentId}`,
    agentName: r.agentName,
    photoUrl: r.photoUrl,
    description: r.description,
    archived: r.archivedAt !== null,
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const LIVE_EVENT: Record<TListingLiveEvent, 'created' | 'updated' | 'removed'> = {
  'listing.created': 'created',
  'listing.updated': 'updated',
  'listing.archived': 'updated',
  'listing.deleted': 'removed',
};

/** Listings are for the real estate role and the admins: their area topic, not every user of the company. */
export function listingEvent(r: TListingRow, kind: TListingLiveEvent): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: [companyAdminsTopic(r.companyId), companyRoleTopic(r.companyId, 'ROLE_REAL_ESTATE')],
    event: LIVE_EVENT[kind],
    entity: 'listing',
    action: kind === 'listing.archived' ? 'archived' : null,
    data: toListingResource(r),
    changes: null,
  };
}
