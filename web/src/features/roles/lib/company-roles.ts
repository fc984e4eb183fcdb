import type { TRoleCatalogue } from '@cd/contracts/role-catalogue';

export interface TCompanyRoleCell {
  assignable: boolean;
  userCount: number;
}

export interface TCompanyRoleRow {
  id: number;
  name: string;
  /** By role: may the company hand it out, and how many of its users hold it. */
  roles: Record<string, TCompanyRoleCell>;
}

/** Roles a company never hands out from here: every user has ROLE_USER, and super admin is not a company role. */
const NOT_EDITABLE = new Set(['ROLE_USER', 'ROLE_SUPER_ADMIN']);

/** The roles shown as the matrix's columns, in catalogue order. */
export function editableRolesOf(catalogue: TRoleCatalogue): string[] {
  return catalogue.roles.map((r) => r.role).filter((r) => !NOT_EDITABLE.has(r));
}

/** The catalogue turned inside out: one row per company (by name), one cell per role. */
export function companyRowsOf(catalogue: TRoleCatalogue): TCompanyRoleRow[] {
  const byId = new Map<number, TCompanyRoleRow>();
  for (const entry of catalogue.roles)
    for (const c of entry.companies) {
      const row = byId.get(c.id) ?? { id: c.id, name: c.name, roles: {} };
      row.roles[entry.role] = { assignable: c.assignable, userCount: c.userCount };
      byId.set(c.id, row);
    }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The company's new availableUserRoles after flipping one role: every role the catalogue says it may hand out
 * (ROLE_USER included when it is), with `role` added or taken away, in catalogue order.
 */
export function nextAvailableRoles(opts: { catalogue: TRoleCatalogue; row: TCompanyRoleRow; role: string; on: boolean }): string[] {
  return opts.catalogue.roles.map((r) => r.role).filter((r) => (r === opts.role ? opts.on : opts.row.roles[r]?.assignable === true));
}
