import { LEAD_SOURCES, LEAD_STATUSES, type TLeadSource, type TLeadStatus } from '@cd/contracts/leads';

/** The filters of /marketing/leads, kept in the address so a filtered list can be shared and survives a reload. */
export type TLeadFilters = { source: TLeadSource | ''; status: TLeadStatus | ''; agent: number | null; listing: number | null };

export const EMPTY_LEAD_FILTERS: TLeadFilters = { source: '', status: '', agent: null, listing: null };

function positiveId(text: string | null): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Unknown or malformed values are dropped (a hand-edited address never sends a request the server refuses). */
export function readLeadFilters(params: URLSearchParams): TLeadFilters {
  const source = params.get('source') ?? '';
  const status = params.get('status') ?? '';
  return {
    source: (LEAD_SOURCES as readonly string[]).includes(source) ? (source as TLeadSource) : '',
    status: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as TLeadStatus) : '',
    agent: positiveId(params.get('agent')),
    listing: positiveId(params.get('listing')),
  };
}

export function writeLeadFilters(filters: TLeadFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.source) out.source = filters.source;
  if (filters.status) out.status = filters.status;
  if (filters.agent !== null) out.agent = String(filters.agent);
  if (filters.listing !== null) out.listing = String(filters.listing);
  return out;
}

/** The query string of GET /api/marketing/leads for the filters (ids as IRIs, as the list's `hydra:view` writes them). */
export function leadApiQuery(filters: TLeadFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.source) out.source = filters.source;
  if (filters.status) out.status = filters.status;
  if (filters.agent !== null) out.agent = `/api/users/${filters.agent}`;
  if (filters.listing !== null) out.listing = `/api/listings/${filters.listing}`;
  return out;
}

/** `/api/customers/12` → 12 (the lead names its customer by IRI). */
export function idOfIri(iri: string | null | undefined): number | null {
  const m = iri ? /\/(\d+)$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
}
