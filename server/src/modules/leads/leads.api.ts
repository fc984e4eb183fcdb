/** What other modules and app.ts may use of marketing leads (docs/leads.md). */
export { recordLead } from './leads.service';
export { reactToListingText } from './leads-inbound.service';
export { leadsRoutes } from './leads.routes';
export { leadLandingRoutes } from './leads-landing.routes';
export type { TLeadRow } from './leads.schema';
