import { MENU_ROLES, ROLE_AREAS, ROLE_DESCRIPTIONS, ROLE_LABEL_KEYS, type TRoleCatalogue } from '@cd/contracts/role-catalogue';
import { ROLES } from '@cd/contracts/roles';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { requireArea } from '../../lib/require-area';
import * as repo from './roles.repository';

const SYSTEM = { companyId: null, system: true } as const;

/**
 * The role catalogue (issue 20 /roles): each role with the menu entries and API areas it opens, read from the same
 * table the guards check, and who holds it (two statements whatever the number of companies and users).
 */
export async function getRoleCatalogue(opts: { ctx: TRequestContext }): Promise<TRoleCatalogue> {
  const { ctx } = opts;
  requireArea({ ctx, area: 'roles', message: 'Only a super admin may read the role catalogue.' });
  const { holdings, companies } = await runInScope(ctx.db, SYSTEM, async (tx) => ({
    holdings: await repo.countRoleHolders(tx),
    companies: await repo.listCompanyRoleSettings(tx),
  }));
  const held = new Map<string, number>();
  const total = new Map<string, number>();
  for (const h of holdings) {
    held.set(`${h.companyId}:${h.role}`, h.users);
    total.set(h.role, (total.get(h.role) ?? 0) + h.users);
  }
  return {
    roles: ROLES.map((role) => ({
      role,
      labelKey: ROLE_LABEL_KEYS[role],
      description: ROLE_DESCRIPTIONS[role],
      menu: MENU_ROLES.filter((m) => (m.role === null ? role === 'ROLE_USER' : typeof m.role === 'string' ? m.role === role : m.role.includes(role))).map(
        (m) => ({ key: m.key, path: m.path }),
      ),
      apiAreas: ROLE_AREAS.filter((a) => a.roles.includes(role)).map((a) => ({ area: a.area, description: a.description, paths: [...a.paths] })),
      userCount: total.get(role) ?? 0,
      // Companies that may hand the role out, and any that hold it without (a role taken off the list later).
      companies: companies
        .map((c) => ({ id: c.id, name: c.name, assignable: c.availableUserRoles.includes(role), userCount: held.get(`${c.id}:${role}`) ?? 0 }))
        .filter((c) => c.assignable || c.userCount > 0),
    })),
  };
}
