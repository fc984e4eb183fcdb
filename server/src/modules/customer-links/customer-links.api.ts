/**
 * Customer links (ARCHITECTURE §7) as other modules use them: the page registry of each link purpose, and making a
 * link in the caller's transaction (the automated-message engine makes one per URL modifier of a text).
 */
export { registerLinkPage, type TLinkPage } from './customer-links.pages';
export { createCustomerLink, linkPurposesIn, requireAdminForSurveys, toCustomerLinkResource } from './customer-links.service';
export type { TCustomerLinkRow } from './customer-links.schema';
export { brandOfCompany } from './customer-links.brand';
/** Reads in the caller's scope: under a company's scope a code of another company is simply not found. */
export { findLinkByCode, narrowToCompany, revokeLinksOf } from './customer-links.repository';
