import { createContext, useContext } from 'react';
import type { TMe } from '@cd/contracts/user';

/** Query key of GET /api/me; features refetch it after changing the signed-in user (profile, status). */
export const ME_QUERY_KEY = ['me'] as const;

/** Provided by the shell's RequireAuth; lives in lib so features can read the signed-in user without importing app/. */
export const CurrentUserContext = createContext<TMe | null>(null);

/** The signed-in (effective) user; only usable below RequireAuth. */
export function useCurrentUser(): TMe {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser must be used below RequireAuth');
  return me;
}

export function isCompanyAdmin(user: { roles: readonly string[] }): boolean {
  return user.roles.includes('ROLE_COMPANY_ADMIN');
}

export function userIri(id: number): string {
  return `/api/users/${id}`;
}
