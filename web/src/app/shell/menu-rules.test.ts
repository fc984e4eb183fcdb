import { describe, expect, it } from 'vitest';
import { MENU_ROLES } from '@cd/contracts/role-catalogue';
import { ROLES } from '@cd/contracts/roles';
import { companyIdOf, selectedMenuKey, visibleMenuEntries } from './menu-rules';

const keys = (roles: string[], companyId: number | null = 7) => visibleMenuEntries({ roles, companyId }).map((e) => e.key);

describe('visibleMenuEntries', () => {
  it('shows only support to a user without board roles', () => {
    expect(keys(['ROLE_USER'])).toEqual(['support']);
  });

  it('maps every role to exactly its entries', () => {
    const cases: [string, string[]][] = [
      ['ROLE_COMMUNICATION', ['inbox', 'customer-groups']],
      ['ROLE_INTERNAL_CHAT', ['internal-chat']],
      ['ROLE_AUTO_PARTS_SALES', ['parts-sales']],
      ['ROLE_AUTO_ACCOUNTING', ['accounts-receivable']],
      ['ROLE_APPOINTMENTS', ['appointments']],
      ['ROLE_REAL_ESTATE', ['listings', 'archived-listings']],
      ['ROLE_OFFERS', ['offers', 'interests']],
      ['ROLE_MARKETING', ['marketing-leads', 'marketing-offers']],
      ['ROLE_PAYMENT', ['payment-transactions']],
      ['ROLE_COMPANY_ADMIN', ['dashboard', 'company', 'surveys', 'reports', 'audit-log', 'routing', 'api-keys', 'outgoing-webhooks', 'webchat']],
      [
        'ROLE_SUPER_ADMIN',
        ['companies', 'error-reports', 'keywords', 'roles', 'cron-jobs', 'audit-log', 'development-stats', 'development-api', 'development-webhook'],
      ],
    ];
    for (const [role, expected] of cases) expect(keys([role])).toEqual([...expected, 'support']);
  });

  it('gives super admins no implicit company-admin entries', () => {
    expect(keys(['ROLE_SUPER_ADMIN'])).not.toContain('dashboard');
    expect(keys(['ROLE_SUPER_ADMIN', 'ROLE_COMPANY_ADMIN'])).toContain('dashboard');
  });

  it('shows the audit log once to company admins, super admins and those who are both', () => {
    for (const roles of [['ROLE_COMPANY_ADMIN'], ['ROLE_SUPER_ADMIN'], ['ROLE_SUPER_ADMIN', 'ROLE_COMPANY_ADMIN']])
      expect(keys(roles).filter((k) => k === 'audit-log')).toHaveLength(1);
    expect(keys(['ROLE_COMMUNICATION', 'ROLE_PAYMENT'])).not.toContain('audit-log');
    expect(selectedMenuKey(visibleMenuEntries({ roles: ['ROLE_COMPANY_ADMIN'], companyId: 1 }), '/audit-log')).toBe('audit-log');
  });

  it('links the company entry to the user company, or to nothing without one', () => {
    const withCompany = visibleMenuEntries({ roles: ['ROLE_COMPANY_ADMIN'], companyId: 42 }).find((e) => e.key === 'company');
    expect(withCompany?.path).toBe('/companies/42/general_data');
    const without = visibleMenuEntries({ roles: ['ROLE_COMPANY_ADMIN'], companyId: null }).find((e) => e.key === 'company');
    expect(without?.path).toBeNull();
  });

  it('marks the inbox as carrying the unread badge', () => {
    expect(visibleMenuEntries({ roles: ['ROLE_COMMUNICATION'], companyId: 1 }).find((e) => e.key === 'inbox')?.badge).toBe('unread');
    expect(visibleMenuEntries({ roles: ['ROLE_INTERNAL_CHAT'], companyId: 1 }).find((e) => e.key === 'internal-chat')?.badge).toBe('chat_unread');
  });
});

describe('the role catalogue', () => {
  it('lists the same entries, paths and roles as the menu (the /roles screen shows that list)', () => {
    const menu = visibleMenuEntries({ roles: ROLES, companyId: 7, features: { simulator: true } });
    expect(menu.map((e) => ({ key: e.key, path: e.path, role: e.role }))).toEqual(
      MENU_ROLES.map((m) => ({ key: m.key, path: m.path.replace('{id}', '7'), role: m.role })),
    );
  });
});

describe('selectedMenuKey', () => {
  const all = visibleMenuEntries({
    roles: ['ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN', 'ROLE_SUPER_ADMIN', 'ROLE_MARKETING', 'ROLE_OFFERS'],
    companyId: 5,
  });
  it('selects the entry whose path is a prefix of the current path', () => {
    expect(selectedMenuKey(all, '/communication/inbox')).toBe('inbox');
    expect(selectedMenuKey(all, '/communication/12/messenger')).toBe('inbox');
    expect(selectedMenuKey(all, '/marketing/offers')).toBe('marketing-offers');
    expect(selectedMenuKey(all, '/offers')).toBe('offers');
    expect(selectedMenuKey(all, '/companies')).toBe('companies');
    expect(selectedMenuKey(all, '/companies/9/users')).toBe('companies');
    expect(selectedMenuKey(all, '/companies/5/csi')).toBe('company');
  });
  it('does not treat a longer word as a prefix match', () => {
    expect(selectedMenuKey(all, '/offersx')).toBeNull();
    expect(selectedMenuKey(all, '/noboard')).toBeNull();
  });
});

describe('companyIdOf', () => {
  it('reads companyData first, then the IRI', () => {
    expect(companyIdOf({ company: '/api/companies/3', companyData: { id: 3 } })).toBe(3);
    expect(companyIdOf({ company: '/api/companies/12', companyData: null })).toBe(12);
    expect(companyIdOf({ company: null, companyData: null })).toBeNull();
  });
});

describe('simulator entry', () => {
  it('shows only with ROLE_COMMUNICATION and the simulator feature on', () => {
    const has = (roles: string[], simulator?: boolean) =>
      visibleMenuEntries({ roles, companyId: 1, features: simulator === undefined ? undefined : { simulator } }).some((e) => e.key === 'simulator');
    expect(has(['ROLE_COMMUNICATION'], true)).toBe(true);
    expect(has(['ROLE_COMMUNICATION'], false)).toBe(false);
    expect(has(['ROLE_COMMUNICATION'])).toBe(false);
    expect(has(['ROLE_COMPANY_ADMIN'], true)).toBe(false);
  });
});
