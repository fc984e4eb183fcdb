import { z } from 'zod';
import { ROLES, ZRoleSchema, type TRole } from './roles';

/**
 * The role catalogue (spec part 2 §6; issue 20 /roles): what each role unlocks. The ROLE_AREAS table below is the
 * one place the server's guards read (`requireArea`), and the /roles screen shows it, so the two cannot disagree
 * (a server test probes every area with and without its roles).
 */

/** GET /api/role_catalogue (super admin). */
export const ZRoleCatalogueEntrySchema = z.object({
  role: ZRoleSchema,
  /** Catalogue key of its label, and a one-line description in English (the screen translates the label). */
  labelKey: z.string(),
  description: z.string(),
  /** Side-menu entries it shows (keys of the web menu, with their paths). */
  menu: z.array(z.object({ key: z.string(), path: z.string() })),
  /** API areas it opens, each with the route prefixes it covers. */
  apiAreas: z.array(z.object({ area: z.string(), description: z.string(), paths: z.array(z.string()) })),
  /** Who holds it now. */
  userCount: z.number().int(),
  /** Companies whose users may be given it (availableUserRoles), with how many of their users hold it. */
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), assignable: z.boolean(), userCount: z.number().int() })),
});
export type TRoleCatalogueEntry = z.infer<typeof ZRoleCatalogueEntrySchema>;

export const ZRoleCatalogueSchema = z.object({ roles: z.array(ZRoleCatalogueEntrySchema) });
export type TRoleCatalogue = z.infer<typeof ZRoleCatalogueSchema>;

/** Roles that pass every company-level check: `isCompanyAdmin` is true for both (a super admin works in a company). */
const ADMINS = ['ROLE_COMPANY_ADMIN', 'ROLE_SUPER_ADMIN'] as const satisfies readonly TRole[];

export const ROLE_AREA_KEYS = [
  'messenger',
  'communication',
  'internal_chat',
  'parts',
  'accounting',
  'payments',
  'appointments',
  'offers',
  'marketing',
  'real_estate',
  'questionnaires',
  'surveys',
  'reports',
  'dashboard',
  'companies',
  'keywords',
  'roles',
  'cron_jobs',
  'development',
  'error_reports',
  'audit_log',
  'outgoing_webhooks',
  'webchat',
  'routing',
  'support',
] as const;
export type TRoleArea = (typeof ROLE_AREA_KEYS)[number];

export interface TRoleAreaDefinition {
  area: TRoleArea;
  /** A caller holding ANY of these roles passes the area's role check (company modules are checked apart). */
  roles: readonly TRole[];
  /** Route prefixes the area covers. */
  paths: readonly string[];
  description: string;
  /** One representative request the catalogue test sends with and without the area's roles. */
  probe: { method: 'GET' | 'DELETE'; url: string };
}

/**
 * The one table of who opens which API area. Services check it through `requireArea` (server/src/lib/require-area.ts);
 * GET /api/role_catalogue and docs/roles.md show it. Where a role check grants company admins access, both admin roles
 * are listed, because `isCompanyAdmin` is also true for super admins.
 */
export const ROLE_AREAS: readonly TRoleAreaDefinition[] = [
  {
    area: 'messenger',
    roles: ['ROLE_USER'],
    paths: ['/api/customers', '/api/messages', '/api/repair_orders', '/api/tasks', '/api/notifications', '/api/search'],
    description: 'Customers, conversations, repair orders, tasks and notifications of the own company: every signed-in user.',
    probe: { method: 'GET', url: '/api/customers' },
  },
  {
    area: 'communication',
    roles: ['ROLE_COMMUNICATION', ...ADMINS],
    paths: ['/api/customer_groups', '/api/group_messages', '/api/customer_imports'],
    description: 'Customer groups, group messages and customer import.',
    probe: { method: 'GET', url: '/api/customer_groups' },
  },
  {
    area: 'internal_chat',
    roles: ['ROLE_INTERNAL_CHAT', ...ADMINS],
    paths: ['/api/internal_chat', '/api/internal_chat_threads'],
    description: 'Internal chat between users of one company (a super admin only while working in a company).',
    probe: { method: 'GET', url: '/api/internal_chat_threads' },
  },
  {
    area: 'parts',
    roles: ['ROLE_AUTO_PARTS_SALES', ...ADMINS],
    paths: ['/api/parts_customers', '/api/parts_sales', '/api/parts_counter_tickets', '/api/parts_statements'],
    description: 'The parts counter: parts customers, sales, counter tickets and statements.',
    probe: { method: 'GET', url: '/api/parts_customers' },
  },
  {
    area: 'accounting',
    roles: ['ROLE_AUTO_ACCOUNTING', ...ADMINS],
    paths: ['/api/charge_customers', '/api/automotive/transactions', '/api/automotive/statements', '/api/automotive/aging'],
    description: 'Accounts receivable: charge customers, their transactions, statements and aging.',
    probe: { method: 'GET', url: '/api/charge_customers' },
  },
  {
    area: 'payments',
    roles: ['ROLE_PAYMENT', ...ADMINS],
    paths: ['/api/payment', '/api/payment_requests'],
    description:
      'Payment transactions, terminals, saved cards, recurring rules and every payment request. Without it, a user still sees the payment requests of repair orders, and those of parts (parts role) or statements (accounting role).',
    probe: { method: 'GET', url: '/api/payment/transactions' },
  },
  {
    area: 'appointments',
    roles: ['ROLE_APPOINTMENTS', 'ROLE_COMMUNICATION', ...ADMINS],
    paths: ['/api/appointments', '/api/appointment_resources', '/api/working_hours', '/api/vacations'],
    description:
      'The appointment calendar (advisors with the communication role book from the messenger). Shifts, vacations and resources are changed by company admins only.',
    probe: { method: 'GET', url: '/api/appointment_resources' },
  },
  {
    area: 'offers',
    roles: ['ROLE_OFFERS', ...ADMINS],
    paths: ['/api/offers', '/api/interests', '/api/customer_interests'],
    description: 'Offers sent to customers and interest categories (the company needs the offers module).',
    probe: { method: 'GET', url: '/api/offers' },
  },
  {
    area: 'marketing',
    roles: ['ROLE_MARKETING', ...ADMINS],
    paths: ['/api/marketing/leads'],
    description: "Marketing leads from listing keywords, the landing page and offer replies; with the offers role, a customer's marketing consent.",
    probe: { method: 'GET', url: '/api/marketing/leads' },
  },
  {
    area: 'real_estate',
    roles: ['ROLE_REAL_ESTATE', ...ADMINS],
    paths: ['/api/listings', '/api/keywords', '/api/listing_interests'],
    description: 'Listings, their keywords and interested leads (the company needs the real estate module).',
    probe: { method: 'GET', url: '/api/listings' },
  },
  {
    area: 'questionnaires',
    roles: ['ROLE_REAL_ESTATE', ...ADMINS],
    paths: ['/api/questionnaires', '/api/questionnaire_responses'],
    description: "Questionnaires sent to the agency's leads and their responses.",
    probe: { method: 'GET', url: '/api/questionnaires' },
  },
  {
    area: 'surveys',
    roles: [...ADMINS],
    paths: ['/api/surveys'],
    description: 'Survey answers after repair orders, their follow-up and statistics.',
    probe: { method: 'GET', url: '/api/surveys' },
  },
  {
    area: 'reports',
    roles: [...ADMINS],
    paths: ['/api/reports'],
    description: 'Recurring and on-demand reports of the company.',
    probe: { method: 'GET', url: '/api/reports' },
  },
  {
    area: 'dashboard',
    roles: [...ADMINS],
    paths: ['/api/dashboard', '/api/analytics'],
    description: 'The company dashboard and message analytics.',
    probe: { method: 'GET', url: '/api/dashboard' },
  },
  {
    area: 'companies',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/companies'],
    description:
      "Creating and deleting companies and switching their modules. Company admins change their own company's settings; everyone reads their own company.",
    probe: { method: 'DELETE', url: '/api/companies/999999999' },
  },
  {
    area: 'keywords',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/keywords'],
    description: 'Creating, changing and deleting keywords (companies pick from them; the real estate role reads them).',
    probe: { method: 'DELETE', url: '/api/keywords/999999999' },
  },
  {
    area: 'roles',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/role_catalogue'],
    description: 'This catalogue: what each role opens and who holds it.',
    probe: { method: 'GET', url: '/api/role_catalogue' },
  },
  {
    area: 'cron_jobs',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/cron_jobs'],
    description: 'Scheduled jobs: schedules, runs, run now.',
    probe: { method: 'GET', url: '/api/cron_jobs' },
  },
  {
    area: 'development',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/development'],
    description: 'Outgoing API log, webhook log and replay, vendor statistics.',
    probe: { method: 'GET', url: '/api/development/api_requests' },
  },
  {
    area: 'error_reports',
    roles: ['ROLE_SUPER_ADMIN'],
    paths: ['/api/error_reports'],
    description: 'Error reports sent by browsers.',
    probe: { method: 'GET', url: '/api/error_reports' },
  },
  {
    area: 'audit_log',
    roles: [...ADMINS],
    paths: ['/api/audit_log'],
    description: 'Who did what to which entity, when and from where (company admins: their own company only).',
    probe: { method: 'GET', url: '/api/audit_log' },
  },
  {
    area: 'outgoing_webhooks',
    roles: [...ADMINS],
    paths: ['/api/webhook_endpoints', '/api/webhook_deliveries'],
    description: 'Outgoing webhooks of the company: endpoints, their signing secrets, the delivery log and replay.',
    probe: { method: 'GET', url: '/api/webhook_endpoints' },
  },
  {
    area: 'webchat',
    roles: [...ADMINS],
    paths: ['/api/webchat'],
    description: 'Website chat widget of the company: on/off, widget key, allowed origins, greeting and colour (docs/webchat.md).',
    probe: { method: 'GET', url: '/api/webchat/settings' },
  },
  {
    area: 'routing',
    roles: [...ADMINS],
    paths: ['/api/routing/settings', '/api/routing/rules', '/api/routing/rule_order'],
    description: 'Assignment rules, response-time target and business hours of the company (docs/routing.md).',
    probe: { method: 'GET', url: '/api/routing/rules' },
  },
  {
    area: 'support',
    roles: ['ROLE_USER'],
    paths: ['/api/support'],
    description: 'The support form and help links: every signed-in user.',
    probe: { method: 'GET', url: '/api/support' },
  },
];

export function roleAreaOf(area: TRoleArea): TRoleAreaDefinition {
  return ROLE_AREAS.find((a) => a.area === area)!;
}

/** True when one of `roles` opens `area`. */
export function rolesOpenArea(roles: readonly string[], area: TRoleArea): boolean {
  return roleAreaOf(area).roles.some((r) => roles.includes(r));
}

/** One line per role, in English (the web screen translates `role_<name>` label keys). */
export const ROLE_DESCRIPTIONS: Readonly<Record<TRole, string>> = {
  ROLE_USER: 'Every signed-in user: the messenger, customers, repair orders, tasks, notifications and support.',
  ROLE_COMMUNICATION: 'Customer conversations, customer groups, group messages, customer import; books appointments from the messenger.',
  ROLE_REAL_ESTATE: 'Listings, their keywords and interested leads, questionnaires.',
  ROLE_INTERNAL_CHAT: 'Internal chat with colleagues of the company.',
  ROLE_AUTO_PARTS_SALES: 'The parts counter: parts customers, sales, tickets and statements, and their payment requests.',
  ROLE_AUTO_ACCOUNTING: 'Accounts receivable: charge customers, transactions, statements and their payment requests.',
  ROLE_PAYMENT: 'Payments: transactions, terminals, saved cards, recurring rules and every payment request.',
  ROLE_APPOINTMENTS: 'The appointment calendar.',
  ROLE_OFFERS: 'Offers and interest categories.',
  ROLE_MARKETING: 'Marketing leads and marketing consent.',
  ROLE_COMPANY_ADMIN: 'Everything of the own company: settings, users, dashboard, surveys, reports, audit log, and every area above.',
  ROLE_SUPER_ADMIN:
    'The whole product: companies, keywords, roles, scheduled jobs, development logs, error reports, every audit row; counts as a company admin of the company being worked in.',
};

export const ROLE_LABEL_KEYS: Readonly<Record<TRole, string>> = Object.fromEntries(ROLES.map((r) => [r, r.toLowerCase()])) as Record<TRole, string>;

/**
 * The side menu's role per entry, a list when any of several shows it. web/src/app/shell/menu-rules.ts keeps the same
 * table with labels and sections (without zod in the shell's bundle); its test checks the two agree. `role` null: everyone. The menu has no implicit roles: an entry shows iff the user holds its role.
 */
export const MENU_ROLES: ReadonlyArray<{ key: string; path: string; role: TRole | readonly TRole[] | null }> = [
  { key: 'dashboard', path: '/dashboard', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'inbox', path: '/communication/inbox', role: 'ROLE_COMMUNICATION' },
  { key: 'simulator', path: '/simulator', role: 'ROLE_COMMUNICATION' },
  { key: 'customer-groups', path: '/customer-groups', role: 'ROLE_COMMUNICATION' },
  { key: 'internal-chat', path: '/internal-chat', role: 'ROLE_INTERNAL_CHAT' },
  { key: 'parts-sales', path: '/parts_sales', role: 'ROLE_AUTO_PARTS_SALES' },
  { key: 'accounts-receivable', path: '/accounting/accounts_receivable', role: 'ROLE_AUTO_ACCOUNTING' },
  { key: 'appointments', path: '/appointments', role: 'ROLE_APPOINTMENTS' },
  { key: 'listings', path: '/listings', role: 'ROLE_REAL_ESTATE' },
  { key: 'archived-listings', path: '/archived-listings', role: 'ROLE_REAL_ESTATE' },
  { key: 'offers', path: '/offers', role: 'ROLE_OFFERS' },
  { key: 'interests', path: '/interests', role: 'ROLE_OFFERS' },
  { key: 'marketing-leads', path: '/marketing/leads', role: 'ROLE_MARKETING' },
  { key: 'marketing-offers', path: '/marketing/offers', role: 'ROLE_MARKETING' },
  { key: 'payment-transactions', path: '/payment/transactions', role: 'ROLE_PAYMENT' },
  { key: 'companies', path: '/companies', role: 'ROLE_SUPER_ADMIN' },
  { key: 'error-reports', path: '/error-reports', role: 'ROLE_SUPER_ADMIN' },
  { key: 'company', path: '/companies/{id}/general_data', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'surveys', path: '/surveys', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'reports', path: '/reports', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'keywords', path: '/keywords', role: 'ROLE_SUPER_ADMIN' },
  { key: 'roles', path: '/roles', role: 'ROLE_SUPER_ADMIN' },
  { key: 'cron-jobs', path: '/management/cron_jobs', role: 'ROLE_SUPER_ADMIN' },
  { key: 'audit-log', path: '/audit-log', role: ['ROLE_COMPANY_ADMIN', 'ROLE_SUPER_ADMIN'] },
  { key: 'routing', path: '/settings/routing', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'api-keys', path: '/settings/api-keys', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'outgoing-webhooks', path: '/settings/webhooks', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'webchat', path: '/settings/webchat', role: 'ROLE_COMPANY_ADMIN' },
  { key: 'development-stats', path: '/development/stats', role: 'ROLE_SUPER_ADMIN' },
  { key: 'development-api', path: '/development/api', role: 'ROLE_SUPER_ADMIN' },
  { key: 'development-webhook', path: '/development/webhook', role: 'ROLE_SUPER_ADMIN' },
  { key: 'support', path: '/support', role: null },
];
