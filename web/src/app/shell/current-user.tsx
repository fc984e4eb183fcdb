import { createContext, useContext } from 'react';
import type { TMe } from '@cd/contracts/user';

export const CurrentUserContext = createContext<TMe | null>(null);

/** The signed-in (effective) user; only usable below RequireAuth. */
export function useCurrentUser(): TMe {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser must be used below RequireAuth');
  return me;
}
