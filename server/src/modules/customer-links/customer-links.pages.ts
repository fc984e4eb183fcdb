import type { TTx } from '../../db/client';
import type { TCustomerLinkPurpose, TPublicLinkPage } from '@cd/contracts/customer-link';
import type { TAppDeps } from '../../context';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCustomerLinkRow } from './customer-links.schema';

/**
 * What a public page may read and answer, per link purpose. The module that owns the entity registers its page (from
 * app.ts); customer-links resolves the code (unknown 404, expired or revoked 410, rate limited), records the click and
 * calls the page with the link row only — a page sees nothing beyond the entity the link points at.
 */
export interface TLinkPage {
  /** The page's data (a contracts public page schema); null when the entity is gone (answered as 404). */
  read: (tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow }) => Promise<TPublicLinkPage | null>;
  /** The customer's answer (e.g. approving lines), when the purpose takes one; the body is still unvalidated. Live
   * events go through `emit`: recorded with the answer and broadcast after its commit. */
  answer?: (tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow; body: unknown; emit: (events: TLiveEventInput[]) => void }) => Promise<TPublicLinkPage>;
}

const pages = new Map<TCustomerLinkPurpose, TLinkPage>();

/** Registered once per purpose; registering again replaces (a second app in the same process). */
export function registerLinkPage(opts: { purpose: TCustomerLinkPurpose; page: TLinkPage }): void {
  pages.set(opts.purpose, opts.page);
}

export function linkPageOf(purpose: TCustomerLinkPurpose): TLinkPage | null {
  return pages.get(purpose) ?? null;
}
