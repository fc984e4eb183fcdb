import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

export interface TRoleHolding {
  companyId: number | null;
  role: string;
  users: number;
}

/** How many enabled users hold each role, per company (null: users without a company), in one grouped statement. */
export async function countRoleHolders(tx: TTx): Promise<TRoleHolding[]> {
  const rows = (
    await tx.execute(sql`
    select u.company_id, r.role, count(*) as users
    from users u cross join lateral unnest(u.roles) as r(role)
    where u.enabled
    group by u.company_id, r.role`)
  ).rows as Array<{ company_id: string | number | null; role: string; users: string | number }>;
  return rows.map((r) => ({ companyId: r.company_id === null ? null : Number(r.company_id), role: r.role, users: Number(r.users) }));
}

/** Every company with the roles its users may be given. */
export async function listCompanyRoleSettings(tx: TTx): Promise<Array<{ id: number; name: string; availableUserRoles: string[] }>> {
  const rows = (await tx.execute(sql`select id, name, available_user_roles from companies order by name, id`)).rows as Array<{
    id: string | number;
    name: string;
    available_user_roles: string[];
  }>;
  return rows.map((r) => ({ id: Number(r.id), name: r.name, availableUserRoles: r.available_user_roles }));
}
