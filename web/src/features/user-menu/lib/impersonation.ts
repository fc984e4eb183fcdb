import { isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import type { TColleague } from '@cd/contracts/user';

export interface TImpersonationOption {
  id: number;
  email: string;
  name: string;
  /** `self` is the real signed-in user, offered last to switch back. */
  kind: 'admin' | 'user' | 'self';
  /** The user being impersonated right now (nothing to switch to). */
  current: boolean;
}

interface TPerson {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles?: readonly string[];
}

const nameOf = (u: TPerson) => [u.firstName, u.lastName].filter((p) => p && p.trim()).join(' ') || u.email;

/**
 * The impersonation list (spec part 1 §4–§6): company admins first, then everyone else, each group by name;
 * users who are not admins never see company admins (the server filters too); while impersonating, the real user
 * comes last to switch back.
 */
export function impersonationOptions(opts: {
  users: readonly TColleague[];
  realUser: TPerson & { roles: readonly string[] };
  /** The effective user's email while impersonating, else null. */
  impersonatedEmail: string | null;
}): TImpersonationOption[] {
  const { realUser } = opts;
  const viewerIsAdmin = isCompanyAdmin(realUser.roles);
  const current = opts.impersonatedEmail?.toLowerCase() ?? null;
  const list = opts.users
    .filter((u) => u.id !== realUser.id && !isSuperAdmin(u.roles) && (viewerIsAdmin || !isCompanyAdmin(u.roles)))
    .map<TImpersonationOption>((u) => ({
      id: u.id,
      email: u.email,
      name: nameOf(u),
      kind: isCompanyAdmin(u.roles) ? 'admin' : 'user',
      current: u.email.toLowerCase() === current,
    }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) || a.id - b.id : a.kind === 'admin' ? -1 : 1));
  if (current !== null) list.push({ id: realUser.id, email: realUser.email, name: nameOf(realUser), kind: 'self', current: false });
  return list;
}

/** What picking an option stores: the email to impersonate, or null to switch back to oneself. */
export function impersonationTarget(option: TImpersonationOption): string | null {
  return option.kind === 'self' ? null : option.email;
}
