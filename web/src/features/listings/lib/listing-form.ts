import { centsToDollarInput, dollarsToCents } from '@cd/contracts/money';
import { isHttpUrl, LISTING_MAX_PRICE_CENTS, type TListing, type TListingStatus } from '@cd/contracts/listings';

/** What the listing dialog edits, as typed: the price in dollars, ids of the picked keyword and agent. */
export interface TListingForm {
  name: string;
  url: string;
  keywordId: number | null;
  agentId: number | null;
  location: string;
  price: string;
  negotiable: boolean;
  status: TListingStatus;
  photoUrl: string;
  description: string;
}

export const EMPTY_LISTING_FORM: TListingForm = {
  name: '',
  url: '',
  keywordId: null,
  agentId: null,
  location: '',
  price: '',
  negotiable: false,
  status: 'for_sale',
  photoUrl: '',
  description: '',
};

export type TListingFormErrors = Partial<Record<keyof TListingForm, string>>;

/** Error keys of the catalogue; the dialog translates them. */
export type TListingFormProblem =
  'listing_error_required' | 'listing_error_url' | 'listing_error_keyword' | 'listing_error_price' | 'listing_error_price_too_large';

export function listingToForm(listing: TListing): TListingForm {
  return {
    name: listing.name,
    url: listing.url,
    keywordId: idOfIri(listing.keyword),
    agentId: idOfIri(listing.agent),
    location: listing.location,
    price: centsToDollarInput(listing.priceCents),
    negotiable: listing.negotiable,
    status: listing.status,
    photoUrl: listing.photoUrl ?? '',
    description: listing.description,
  };
}

/** `/api/users/12` → 12; null for null or anything else. */
export function idOfIri(iri: string | null | undefined): number | null {
  const m = iri ? /\/(\d{1,16})$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
}

/** http(s) with a host, as the server checks it (it also normalises it). */
export function isListingUrl(text: string): boolean {
  return isHttpUrl(text.trim());
}

/**
 * The create/update body, or the first problem per field. A keyword is required when creating (spec part 2 §5);
 * an edit keeps its keyword through `assign_keyword`, so the edit body leaves it out.
 */
export function buildListingBody(
  form: TListingForm,
  opts: { creating: boolean },
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: Partial<Record<keyof TListingForm, TListingFormProblem>> } {
  const errors: Partial<Record<keyof TListingForm, TListingFormProblem>> = {};
  if (!form.name.trim()) errors.name = 'listing_error_required';
  if (!isListingUrl(form.url)) errors.url = 'listing_error_url';
  if (form.photoUrl.trim() && !isListingUrl(form.photoUrl)) errors.photoUrl = 'listing_error_url';
  if (opts.creating && form.keywordId === null) errors.keywordId = 'listing_error_keyword';
  let priceCents: number | null = null;
  if (form.price.trim()) {
    // Dollars as typed ("389,000", "$389000.50") → cents without floating-point drift.
    const cents = dollarsToCents(form.price);
    if (cents === null) errors.price = 'listing_error_price';
    else if (cents > LISTING_MAX_PRICE_CENTS) errors.price = 'listing_error_price_too_large';
    else priceCents = cents;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: Record<string, unknown> = {
    name: form.name.trim(),
    url: form.url.trim(),
    agent: form.agentId,
    location: form.location.trim(),
    priceCents,
    negotiable: form.negotiable,
    status: form.status,
    photoUrl: form.photoUrl.trim() || null,
    description: form.description,
  };
  if (opts.creating) body.keyword = form.keywordId;
  return { ok: true, body };
}
