import { describe, expect, it } from 'vitest';
import type { TRoleCatalogue, TRoleCatalogueEntry } from '@cd/contracts/role-catalogue';
import { companyRowsOf, editableRolesOf, nextAvailableRoles } from './company-roles';

const entry = (role: TRoleCatalogueEntry['role'], companies: TRoleCatalogueEntry['companies']): TRoleCatalogueEntry => ({
  role,
  labelKey: role.toLowerCase(),
  description: '',
  menu: [],
  apiAreas: [],
  userCount: companies.reduce((n, c) => n + c.userCount, 0),
  companies,
});

const catalogue: TRoleCatalogue = {
  roles: [
    entry('ROLE_USER', [
      { id: 2, name: 'Zeta Motors', assignable: true, userCount: 4 },
      { id: 1, name: 'Alpha Cars', assignable: true, userCount: 2 },
    ]),
    entry('ROLE_COMMUNICATION', [
      { id: 2, name: 'Zeta Motors', assignable: true, userCount: 3 },
      { id: 1, name: 'Alpha Cars', assignable: false, userCount: 0 },
    ]),
    entry('ROLE_PAYMENT', [{ id: 1, name: 'Alpha Cars', assignable: true, userCount: 1 }]),
    entry('ROLE_SUPER_ADMIN', []),
  ],
};

describe('company role matrix', () => {
  it('offers every role but the base and super admin roles as a column', () => {
    expect(editableRolesOf(catalogue)).toEqual(['ROLE_COMMUNICATION', 'ROLE_PAYMENT']);
  });

  it('turns the catalogue into one row per company, sorted by name', () => {
    const rows = companyRowsOf(catalogue);
    expect(rows.map((r) => r.name)).toEqual(['Alpha Cars', 'Zeta Motors']);
    expect(rows[0]!.roles.ROLE_PAYMENT).toEqual({ assignable: true, userCount: 1 });
    expect(rows[1]!.roles.ROLE_PAYMENT).toBeUndefined();
  });

  it('adds or removes one role and keeps the others the company may hand out', () => {
    const [alpha, zeta] = companyRowsOf(catalogue);
    expect(nextAvailableRoles({ catalogue, row: alpha!, role: 'ROLE_COMMUNICATION', on: true })).toEqual(['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_PAYMENT']);
    expect(nextAvailableRoles({ catalogue, row: zeta!, role: 'ROLE_COMMUNICATION', on: false })).toEqual(['ROLE_USER']);
  });
});
