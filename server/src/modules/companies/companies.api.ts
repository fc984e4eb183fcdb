/**
 * What other modules may use of companies (issue 12: repositories are private to their module). Reads take the
 * caller's transaction so they join its tenant scope.
 */
export { findCompany, findCompanyBySlug } from './companies.repository';
export type { TCompanyRow } from './companies.schema';
