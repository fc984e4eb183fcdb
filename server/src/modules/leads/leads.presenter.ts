import type { TLead } from '@cd/contracts/leads';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TLeadViewRow } from './leads.schema';

export function toLeadResource(r: TLeadViewRow): TLead {
  return {
    '@id': `/api/marketing/leads/${r.id}`,
    '@type': 'MarketingLead',
    id: r.id,
    source: r.source,
    status: r.status,
    note: r.note,
    customer: `/api/customers/${r.customerId}`,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    listing: r.listingId === null ? null : `/api/listings/${r.listingId}`,
    listingName: r.listingName,
    offer: r.offerId === null ? null : `/api/offers/${r.offerId}`,
    agent: r.agentId === null ? null : `/api/users/${r.agentId}`,
    agentName: r.agentName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Leads are for the marketing desk, the listing agents (real-estate role) and the admins, not every user. */
export function leadEvent(r: TLeadViewRow, event: 'created' | 'updated', changes: string[] | null = null): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: [companyAdminsTopic(r.companyId), companyRoleTopic(r.companyId, 'ROLE_MARKETING'), companyRoleTopic(r.companyId, 'ROLE_REAL_ESTATE')],
    event,
    entity: 'marketing_lead',
    data: toLeadResource(r),
    changes,
  };
}
