import { customerDisplayName } from '@cd/contracts/customer';
import {
  phoneDigitsOf,
  SEARCH_DEFAULT_PAGE_SIZE,
  SEARCH_KINDS,
  searchTermsOf,
  type TSearchHit,
  type TSearchQuery,
  type TSearchSnippet,
} from '@cd/contracts/search';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { validationError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { customerScopeOf } from '../customers/customers.service';
import * as repo from './search.repository';
import { highlightPhone, highlightWords } from './search-snippet';

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([123])~(\d{1,15})$/;

export function encodeSearchCursor(c: repo.TSearchCursor): string {
  return Buffer.from(`${c.at}~${c.rank}~${c.id}`, 'utf8').toString('base64url');
}

export function decodeSearchCursor(cursor: string): repo.TSearchCursor {
  const m = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = m ? new Date(m[1]!) : null;
  if (!m || !at || Number.isNaN(at.getTime())) throw validationError([{ propertyPath: 'cursor', message: 'Invalid cursor.' }]);
  return { at: m[1]!, rank: Number(m[2]), id: Number(m[3]) };
}

/**
 * The tsquery text: each word as typed (letters and digits only, so no tsquery syntax can get through), all
 * required, the last one also as a prefix (search as you type). PostgreSQL lower-cases them as it does the texts.
 */
export function tsqueryOf(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
}

function personName(r: repo.TSearchRow): string | null {
  if (r.userId === null) return null;
  return [r.userFirstName, r.userLastName].filter((p) => p && p.trim()).join(' ') || r.userEmail || `User #${r.userId}`;
}

function customerSnippet(r: repo.TSearchRow, terms: string[], digits: string | null): { field: TSearchHit['field']; snippet: TSearchSnippet } {
  const name = customerDisplayName({ firstName: r.firstName, lastName: r.lastName });
  const byName = highlightWords({ text: name, terms, prefixLast: true });
  if (byName.highlights.length > 0) return { field: 'name', snippet: byName };
  if (r.email) {
    const byEmail = highlightWords({ text: r.email, terms, prefixLast: true });
    if (byEmail.highlights.length > 0) return { field: 'email', snippet: byEmail };
  }
  return { field: 'phone', snippet: digits ? highlightPhone({ phone: r.phone, digits }) : { text: r.phone, highlights: [] } };
}

function toHit(r: repo.TSearchRow, terms: string[], digits: string | null): TSearchHit {
  const textHit =
    r.kind === 'customer'
      ? customerSnippet(r, terms, digits)
      : { field: r.kind === 'note' ? ('notes' as const) : ('content' as const), snippet: highlightWords({ text: r.text ?? '', terms, prefixLast: true }) };
  return {
    '@id': r.kind === 'message' ? `/api/messages/${r.id}` : `/api/customers/${r.id}`,
    '@type': 'SearchHit',
    kind: r.kind,
    id: r.id,
    field: textHit.field,
    customer: { id: r.customerId, name: customerDisplayName({ firstName: r.firstName, lastName: r.lastName }), phone: r.phone },
    channel: r.channel,
    direction: r.direction,
    user: r.userId === null ? null : { id: r.userId, name: personName(r)! },
    snippet: textHit.snippet,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * One page of search hits, newest first. Follows the inbox's visibility rule (customerScopeOf): company admins search
 * the whole company, other users the customers they own and those customers' messages. A search without a single
 * letter or digit finds nothing (not an error).
 */
export async function searchCompany(opts: { ctx: TRequestContext; query: TSearchQuery }) {
  const { ctx, query } = opts;
  requireArea({ ctx, area: 'messenger', message: 'You may not search conversations.' });
  const scope = customerScopeOf(ctx);
  const limit = query.itemsPerPage ?? SEARCH_DEFAULT_PAGE_SIZE;
  const cursor = query.cursor ? decodeSearchCursor(query.cursor) : undefined;
  if (query.from && query.to && new Date(query.from) > new Date(query.to))
    throw validationError([{ propertyPath: 'to', message: 'The end of the range is before its start.' }]);
  const terms = searchTermsOf(query.q);
  const digits = phoneDigitsOf(query.q);
  const tsquery = tsqueryOf(terms);
  if (!tsquery && !digits) return { member: [] as TSearchHit[], next: null };
  const rows = await runInScope(ctx.db, { companyId: scope.companyId }, (tx) =>
    repo.searchHits(tx, {
      companyId: scope.companyId,
      ownerId: scope.ownerId,
      kinds: query.kind ? [query.kind] : SEARCH_KINDS,
      tsquery,
      phoneDigits: digits,
      channel: query.channel,
      userId: query.user,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      cursor,
      limit,
    }),
  );
  const last = rows.at(-1);
  return {
    member: rows.map((r) => toHit(r, terms, digits)),
    next: rows.length === limit && last ? encodeSearchCursor({ at: last.atKey, rank: last.rank, id: last.id }) : null,
  };
}
