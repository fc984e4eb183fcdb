/** Customer links (ARCHITECTURE §7) as other modules use them: the page registry of each link purpose. */
export { registerLinkPage, type TLinkPage } from './customer-links.pages';
export type { TCustomerLinkRow } from './customer-links.schema';
