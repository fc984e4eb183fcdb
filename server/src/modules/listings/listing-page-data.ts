import { LISTING_PAGE_DATA_MESSAGES, type TGeneratedListingData } from '@cd/contracts/interests';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { runWithCallSubject } from '../../lib/outside-calls/call-subject';
import { AppError } from '../../lib/errors';
import { readPageParts } from '../../lib/html-page-parts';
import { SafeFetchError, safeFetchHtml, type TResolveHost } from '../../lib/safe-fetch';
import { WindowCounter } from '../../lib/rate-limiter';
import { loadRealEstateCompany } from '../keywords/keywords.api';
import { realEstateCompanyOf } from './listings.access';

/**
 * POST /api/listings/generate_data_by_url (spec part 2 §7): reads a listing page (through the SSRF-safe fetch) and
 * answers what it says of the property: Open Graph and other meta tags, schema.org JSON-LD (RealEstateListing,
 * Product, Offer, residences), the <title> as a last resort. Nothing usable → 422 "continue manually" (spec §8).
 */

const MAX_NAME = 200;
const MAX_LOCATION = 300;
const MAX_DESCRIPTION = 2000;
const MAX_URL = 2048;
/** Whole dollars up to a trillion: past that a "price" is a page's noise. */
const MAX_PRICE_CENTS = 100_000_000_000_000;
const MAX_LD_NODES = 2000;
const MAX_LD_DEPTH = 10;

/** Each user fetches a bounded number of pages a minute: the server must not become anyone's crawler. */
const PER_USER_PER_MINUTE = 20;
const perUser = new WindowCounter(60_000);

const LISTING_TYPES = ['realestatelisting', 'product', 'offer', 'singlefamilyresidence', 'house', 'apartment', 'residence', 'accommodation', 'place'];

/** Text for a field: entities already decoded, control characters and runs of spaces collapsed, bounded. */
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  let s = '';
  // Cut first: a page's 2 MB description is not read past what could be kept.
  for (const ch of String(value).slice(0, max * 4)) {
    const code = ch.codePointAt(0)!;
    s += code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) ? ' ' : ch;
  }
  s = s.replace(/\s+/g, ' ').trim();
  if (s === '') return null;
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/** A price as written on a page ("$450,000", "450000.00", "1.234.567,89", 450000) in cents; null when unclear. */
export function priceCentsOf(value: unknown): number | null {
  let cents: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) cents = Math.round(value * 100);
  else if (typeof value === 'string') {
    // A minus before the digits is a negative amount, never a price.
    const firstDigit = value.search(/\d/);
    if (firstDigit < 0 || value.slice(0, firstDigit).includes('-')) return null;
    const s = value
      .replace(/[\s\u00a0]/g, '')
      .replace(/^[^\d]{0,5}/, '')
      .replace(/[^\d]{0,5}$/, '');
    if (s.length > 30) return null;
    if (/^\d+(\.\d{1,2})?$/.test(s)) cents = Math.round(Number(s) * 100);
    else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) cents = Math.round(Number(s.replace(/,/g, '')) * 100);
    else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s)) cents = Math.round(Number(s.replace(/\./g, '').replace(',', '.')) * 100);
    else if (/^\d+,\d{1,2}$/.test(s)) cents = Math.round(Number(s.replace(',', '.')) * 100);
  }
  if (cents === null || !Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_PRICE_CENTS) return null;
  return cents;
}

/** An absolute http(s) URL (relative ones resolved against the page); null otherwise. */
function absoluteUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const u = new URL(value.trim(), base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    const s = u.toString();
    return s.length <= MAX_URL ? s : null;
  } catch {
    return null;
  }
}

type TNode = Record<string, unknown>;

/** The JSON-LD objects with a listing-like @type, most specific type first (walks @graph, arrays, nesting). */
function listingNodesOf(roots: unknown[]): TNode[] {
  const found: Array<{ node: TNode; rank: number }> = [];
  let seen = 0;
  const visit = (v: unknown, depth: number) => {
    if (depth > MAX_LD_DEPTH || ++seen > MAX_LD_NODES || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const node = v as TNode;
    const types = (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]).filter((t): t is string => typeof t === 'string');
    const rank = Math.min(...types.map((t) => LISTING_TYPES.indexOf(t.toLowerCase())).map((r) => (r < 0 ? Infinity : r)));
    if (Number.isFinite(rank)) found.push({ node, rank });
    for (const x of Object.values(node)) if (x !== null && typeof x === 'object') visit(x, depth + 1);
  };
  for (const r of roots) visit(r, 0);
  return found.sort((a, b) => a.rank - b.rank).map((f) => f.node);
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function imageOf(node: TNode): unknown {
  const img = firstOf(node.image) ?? firstOf(node.photo);
  return img !== null && typeof img === 'object' ? ((img as TNode).url ?? (img as TNode).contentUrl) : img;
}

function priceOf(node: TNode): number | null {
  const direct = priceCentsOf(node.price);
  if (direct !== null) return direct;
  for (const key of ['offers', 'priceSpecification']) {
    const inner = firstOf(node[key]);
    if (inner !== null && typeof inner === 'object') {
      const o = inner as TNode;
      const p = priceCentsOf(o.price) ?? priceCentsOf(o.lowPrice) ?? priceCentsOf((firstOf(o.priceSpecification) as TNode | undefined)?.price);
      if (p !== null) return p;
    }
  }
  return null;
}

/** A schema.org address (PostalAddress or text), on the node, its offered item or its place. */
function addressOf(node: TNode): string | null {
  const candidates = [
    node.address,
    (node.itemOffered as TNode | undefined)?.address,
    (node.contentLocation as TNode | undefined)?.address,
    (node.about as TNode | undefined)?.address,
  ];
  for (const c of candidates.map(firstOf)) {
    if (typeof c === 'string') return cleanText(c, MAX_LOCATION);
    if (c !== null && typeof c === 'object') {
      const a = c as TNode;
      const country = typeof a.addressCountry === 'object' && a.addressCountry !== null ? (a.addressCountry as TNode).name : a.addressCountry;
      const region = [a.addressRegion, a.postalCode].filter((x) => typeof x === 'string' && x.trim() !== '').join(' ');
      const text = [a.streetAddress, a.addressLocality, region, country].filter((x) => typeof x === 'string' && x.trim() !== '').join(', ');
      const cleaned = cleanText(text, MAX_LOCATION);
      if (cleaned) return cleaned;
    }
  }
  return null;
}

/** What a listing page says of the property (each field null when it does not say). */
export function extractListingData(opts: { html: string; url: string }): TGeneratedListingData {
  const { metas, title, jsonLd } = readPageParts(opts.html);
  const meta = (...keys: string[]) => keys.map((k) => metas.get(k)).find((v) => v !== undefined && v.trim() !== '');
  const nodes = listingNodesOf(jsonLd);
  const fromLd = <T>(pick: (n: TNode) => T | null | undefined): T | null => {
    for (const n of nodes) {
      const v = pick(n);
      if (v !== null && v !== undefined && v !== '') return v;
    }
    return null;
  };
  const metaLocation = [meta('og:street-address', 'og:street_address'), meta('og:locality'), meta('og:region'), meta('og:postal-code')]
    .filter(Boolean)
    .join(', ');
  return {
    name: cleanText(meta('og:title', 'twitter:title') ?? fromLd((n) => cleanText(n.name, MAX_NAME)) ?? title, MAX_NAME),
    priceCents: priceCentsOf(meta('product:price:amount', 'og:price:amount', 'price')) ?? fromLd(priceOf),
    location: fromLd(addressOf) ?? cleanText(metaLocation, MAX_LOCATION),
    photoUrl:
      absoluteUrl(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'), opts.url) ??
      fromLd((n) => absoluteUrl(imageOf(n), opts.url)),
    description: cleanText(
      meta('og:description', 'description', 'twitter:description') ?? fromLd((n) => cleanText(n.description, MAX_DESCRIPTION)),
      MAX_DESCRIPTION,
    ),
    url: opts.url,
  };
}

/** Fetches the page at `url` and reads it; 422 with the "continue manually" message when that fails. */
export async function generateListingDataByUrl(opts: { ctx: TRequestContext; url: string; resolve?: TResolveHost }): Promise<TGeneratedListingData> {
  const companyId = realEstateCompanyOf(opts.ctx);
  // The module check only: the fetch below runs outside any transaction (it may take seconds).
  await runInScope(opts.ctx.db, { companyId }, (tx) => loadRealEstateCompany(tx, companyId));
  const userKey = String(opts.ctx.actor.realUser.id);
  if (perUser.add(userKey) > PER_USER_PER_MINUTE)
    throw new AppError('rate_limited', 'Too many pages read; try again in a minute.', undefined, { 'retry-after': String(perUser.retryAfterSeconds(userKey)) });
  let page;
  try {
    // Logged in the outgoing API log under the company (no listing exists yet: the data is for a new one).
    page = await runWithCallSubject({ companyId, subjectType: 'listing' }, () =>
      safeFetchHtml({ url: opts.url, allowHosts: opts.ctx.config.safeFetchAllowHosts, resolve: opts.resolve }),
    );
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    throw new AppError('validation_failed', LISTING_PAGE_DATA_MESSAGES.failed, [
      { propertyPath: 'url', message: LISTING_PAGE_DATA_MESSAGES.failed, code: err.reason },
    ]);
  }
  const data = extractListingData({ html: page.body, url: page.url });
  if (data.name === null && data.priceCents === null && data.photoUrl === null && data.description === null && data.location === null)
    throw new AppError('validation_failed', LISTING_PAGE_DATA_MESSAGES.failed, [
      { propertyPath: 'url', message: LISTING_PAGE_DATA_MESSAGES.failed, code: 'no_data' },
    ]);
  return data;
}
