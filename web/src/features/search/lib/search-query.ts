import { SEARCH_MAX_LENGTH, searchTermsOf, phoneDigitsOf, type TSearchKind } from '@cd/contracts/search';

/** What the search dialog asks for (the server's /api/search parameters, all strings). */
export interface TSearchFilters {
  q: string;
  kind: TSearchKind | '';
  channel: string;
  /** `YYYY-MM-DD` from the date inputs (local days), or ''. */
  fromDay: string;
  toDay: string;
}

export const EMPTY_SEARCH_FILTERS: TSearchFilters = { q: '', kind: '', channel: '', fromDay: '', toDay: '' };

/** True when the text holds something the server can search for (a letter or digit, or a phone fragment). */
export function isSearchable(q: string): boolean {
  const text = q.trim();
  return text.length > 0 && text.length <= SEARCH_MAX_LENGTH && (searchTermsOf(text).length > 0 || phoneDigitsOf(text) !== null);
}

/** The query string of a search: local days become the UTC instants of their start (and of the next day's start). */
export function toSearchParams(f: TSearchFilters): Record<string, string> {
  const params: Record<string, string> = { q: f.q.trim() };
  if (f.kind) params.kind = f.kind;
  if (f.channel) params.channel = f.channel;
  if (f.fromDay) params.from = new Date(`${f.fromDay}T00:00:00`).toISOString();
  if (f.toDay) {
    const end = new Date(`${f.toDay}T00:00:00`);
    end.setDate(end.getDate() + 1);
    params.to = end.toISOString();
  }
  return params;
}

/** Where a hit opens: a message in its thread (scrolled to it), a note or customer on the customer's details. */
export function hitPath(hit: { kind: TSearchKind; id: number; customer: { id: number } }): string {
  if (hit.kind === 'message') return `/communication/${hit.customer.id}/messenger?message=${hit.id}`;
  return `/communication/${hit.customer.id}/details`;
}
