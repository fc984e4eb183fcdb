import type { TRole } from '@cd/contracts/roles';

/**
 * Side-menu rule table (spec part 1 §2 "Side menu sections", §6): an entry is visible iff the user's roles
 * include the entry's role, or one of its roles when it lists several (null = everyone). No implicit roles: a super
 * admin sees company-admin entries only when ROLE_COMPANY_ADMIN is among their roles too, or the entry lists both.
 */
export type TMenuSection =
  | 'main'
  | 'communication'
  | 'automotive'
  | 'accounting'
  | 'appointments'
  | 'real_estate'
  | 'offers'
  | 'marketing'
  | 'payment'
  | 'management'
  | 'development'
  | 'support';

export interface TMenuEntry {
  key: string;
  /** Catalogue key of the label. */
  labelKey: string;
  section: TMenuSection;
  /** The role that shows it; a list when any of several does (the audit log: company admins and super admins). */
  role: TRole | readonly TRole[] | null;
  /** Link target; null when it cannot be built (company item for a user without a company). */
  path: string | null;
  /** Prefix that marks the entry as selected. */
  match: string;
  /** `unread`: unread customers; `chat_unread`: unread internal chats. */
  badge?: 'unread' | 'chat_unread';
  /** Shown only when this public feature (GET /api/public/features) is on. */
  feature?: 'simulator';
}

export const MENU_SECTION_LABEL_KEYS: Record<TMenuSection, string | null> = {
  main: null,
  communication: 'menu_section_communication',
  automotive: 'menu_section_automotive',
  accounting: 'menu_section_accounting',
  appointments: 'menu_section_appointments',
  real_estate: 'menu_section_real_estate',
  offers: 'menu_section_offers',
  marketing: 'menu_section_marketing',
  payment: 'menu_section_payment',
  management: 'menu_section_management',
  development: 'menu_section_development',
  support: null,
};

type TStaticEntry = Omit<TMenuEntry, 'match'> & { match?: string };

function staticEntries(companyId: number | null): TStaticEntry[] {
  const companyPath = companyId === null ? null : `/companies/${companyId}/general_data`;
  return [
    { key: 'dashboard', labelKey: 'menu_dashboard', section: 'main', role: 'ROLE_COMPANY_ADMIN', path: '/dashboard' },
    { key: 'inbox', labelKey: 'menu_inbox', section: 'communication', role: 'ROLE_COMMUNICATION', path: '/communication/inbox', match: '/communication', badge: 'unread' },
    { key: 'simulator', labelKey: 'menu_simulator', section: 'communication', role: 'ROLE_COMMUNICATION', path: '/simulator', feature: 'simulator' },
    { key: 'customer-groups', labelKey: 'menu_customer_groups', section: 'communication', role: 'ROLE_COMMUNICATION', path: '/customer-groups' },
    { key: 'internal-chat', labelKey: 'menu_internal_chat', section: 'communication', role: 'ROLE_INTERNAL_CHAT', path: '/internal-chat', badge: 'chat_unread' },
    { key: 'parts-sales', labelKey: 'menu_parts_sales', section: 'automotive', role: 'ROLE_AUTO_PARTS_SALES', path: '/parts_sales' },
    { key: 'accounts-receivable', labelKey: 'menu_accounts_receivable', section: 'accounting', role: 'ROLE_AUTO_ACCOUNTING', path: '/accounting/accounts_receivable' },
    { key: 'appointments', labelKey: 'menu_appointments_calendar', section: 'appointments', role: 'ROLE_APPOINTMENTS', path: '/appointments' },
    { key: 'listings', labelKey: 'menu_listings', section: 'real_estate', role: 'ROLE_REAL_ESTATE', path: '/listings' },
    { key: 'archived-listings', labelKey: 'menu_archived_listings', section: 'real_estate', role: 'ROLE_REAL_ESTATE', path: '/archived-listings' },
    { key: 'offers', labelKey: 'menu_offers', section: 'offers', role: 'ROLE_OFFERS', path: '/offers' },
    { key: 'interests', labelKey: 'menu_interests', section: 'offers', role: 'ROLE_OFFERS', path: '/interests' },
    { key: 'marketing-leads', labelKey: 'menu_marketing_leads', section: 'marketing', role: 'ROLE_MARKETING', path: '/marketing/leads' },
    { key: 'marketing-offers', labelKey: 'menu_marketing_offers', section: 'marketing', role: 'ROLE_MARKETING', path: '/marketing/offers' },
    { key: 'payment-transactions', labelKey: 'menu_payment_transactions', section: 'payment', role: 'ROLE_PAYMENT', path: '/payment/transactions' },
    { key: 'companies', labelKey: 'menu_companies', section: 'management', role: 'ROLE_SUPER_ADMIN', path: '/companies' },
    { key: 'error-reports', labelKey: 'menu_error_reports', section: 'management', role: 'ROLE_SUPER_ADMIN', path: '/error-reports' },
    { key: 'company', labelKey: 'menu_company', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: companyPath, match: companyId === null ? '/companies/none' : `/companies/${companyId}` },
    { key: 'surveys', labelKey: 'menu_surveys', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/surveys' },
    { key: 'reports', labelKey: 'menu_reports', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/reports' },
    { key: 'keywords', labelKey: 'menu_keywords', section: 'management', role: 'ROLE_SUPER_ADMIN', path: '/keywords' },
    { key: 'roles', labelKey: 'menu_roles', section: 'management', role: 'ROLE_SUPER_ADMIN', path: '/roles' },
    { key: 'cron-jobs', labelKey: 'menu_cron_jobs', section: 'management', role: 'ROLE_SUPER_ADMIN', path: '/management/cron_jobs' },
    { key: 'audit-log', labelKey: 'menu_audit_log', section: 'management', role: ['ROLE_COMPANY_ADMIN', 'ROLE_SUPER_ADMIN'], path: '/audit-log' },
    { key: 'routing', labelKey: 'menu_routing', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/settings/routing' },
    { key: 'api-keys', labelKey: 'menu_api_keys', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/settings/api-keys' },
    { key: 'outgoing-webhooks', labelKey: 'menu_outgoing_webhooks', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/settings/webhooks' },
    { key: 'webchat', labelKey: 'menu_webchat', section: 'management', role: 'ROLE_COMPANY_ADMIN', path: '/settings/webchat' },
    { key: 'development-stats', labelKey: 'menu_development_stats', section: 'development', role: 'ROLE_SUPER_ADMIN', path: '/development/stats' },
    { key: 'development-api', labelKey: 'menu_development_api', section: 'development', role: 'ROLE_SUPER_ADMIN', path: '/development/api' },
    { key: 'development-webhook', labelKey: 'menu_development_webhooks', section: 'development', role: 'ROLE_SUPER_ADMIN', path: '/development/webhook' },
    { key: 'support', labelKey: 'menu_support', section: 'support', role: null, path: '/support' },
  ];
}

/** Every entry's label key, for the catalogue test. */
export const ALL_MENU_LABEL_KEYS: readonly string[] = staticEntries(1).map((e) => e.labelKey);

/** Every entry's key, for the icon test. */
export const ALL_MENU_KEYS: readonly string[] = staticEntries(1).map((e) => e.key);

/** Company id from `companyData.id`, else from the `/api/companies/{id}` IRI. */
export function companyIdOf(user: { company: string | null; companyData?: { id: number } | null }): number | null {
  if (user.companyData?.id) return user.companyData.id;
  const m = user.company ? /\/api\/companies\/(\d+)$/.exec(user.company) : null;
  return m ? Number(m[1]) : null;
}

export function visibleMenuEntries(user: {
  roles: readonly string[];
  companyId: number | null;
  features?: Partial<Record<NonNullable<TMenuEntry['feature']>, boolean>>;
}): TMenuEntry[] {
  return staticEntries(user.companyId)
    .filter((e) => e.role === null || (typeof e.role === 'string' ? user.roles.includes(e.role) : e.role.some((r) => user.roles.includes(r))))
    .filter((e) => !e.feature || user.features?.[e.feature] === true)
    .map((e) => ({ ...e, match: e.match ?? e.path ?? '' }));
}

function isPrefix(prefix: string, pathname: string): boolean {
  if (!prefix) return false;
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The selected entry is the one whose path is a prefix of the current path (the longest, so own company beats companies). */
export function selectedMenuKey(entries: readonly TMenuEntry[], pathname: string): string | null {
  let best: TMenuEntry | null = null;
  for (const e of entries) if (isPrefix(e.match, pathname) && (!best || e.match.length > best.match.length)) best = e;
  return best?.key ?? null;
}
