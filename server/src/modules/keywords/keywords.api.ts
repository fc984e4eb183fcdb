/** What other modules (listings) may use of keywords; the repository stays private to this module. */
export { loadRealEstateCompany, requireRealEstateUser } from './keywords.access';
export { findKeyword, findKeywordByName } from './keywords.repository';
export type { TKeywordRow } from './keywords.schema';
