import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TCustomerInterest, TInterest, TListingInterest } from '@cd/contracts/interests';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCustomerInterestRow, TInterestRow, TListingInterestRow } from './interests.schema';

export function toInterestResource(r: TInterestRow): TInterest {
  return {
    '@id': `/api/interests/${r.id}`,
    '@type': 'Interest',
    id: r.id,
    name: r.name,
    description: r.description,
    memberCount: r.memberCount,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toCustomerInterestResource(r: TCustomerInterestRow): TCustomerInterest {
  return {
    '@id': `/api/customer_interests/${r.customerId}/${r.interestId}`,
    '@type': 'CustomerInterest',
    customer: `/api/customers/${r.customerId}`,
    customerName: r.customerName,
    interest: `/api/interests/${r.interestId}`,
    interestName: r.interestName,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toListingInterestResource(r: TListingInterestRow): TListingInterest {
  return {
    '@id': `/api/listing_interests/${r.id}`,
    '@type': 'ListingInterest',
    id: r.id,
    listing: `/api/listings/${r.listingId}`,
    listingName: r.listingName,
    customer: `/api/customers/${r.customerId}`,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    state: r.state,
    agent: r.agentId === null ? null : `/api/users/${r.agentId}`,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Categories change for the offers screens (and admins). */
export function interestEvent(r: TInterestRow, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: [companyAdminsTopic(r.companyId), companyRoleTopic(r.companyId, 'ROLE_OFFERS')],
    event,
    entity: 'interest',
    data: toInterestResource(r),
    changes: null,
  };
}

/** A listing's interested customers show on the real-estate and offers screens. */
export function listingInterestEvent(r: TListingInterestRow, event: 'created' | 'updated'): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: [companyAdminsTopic(r.companyId), companyRoleTopic(r.companyId, 'ROLE_REAL_ESTATE'), companyRoleTopic(r.companyId, 'ROLE_OFFERS')],
    event,
    entity: 'listing_interest',
    data: toListingInterestResource(r),
    changes: null,
  };
}
