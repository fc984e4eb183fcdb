import { API_KEY_AREAS, type TApiKeyAccess, type TApiKeyScope } from '@cd/contracts/api-keys';
import { ROLE_AREAS } from '@cd/contracts/role-catalogue';

/** One choice per area of the scope picker: no access, read (GET/HEAD) or write (every method). */
export type TScopeChoice = 'none' | TApiKeyAccess;
export type TScopeChoices = Record<string, TScopeChoice>;

/** The areas a key may be scoped to, in the catalogue's order, with the route prefixes each covers. */
export const SCOPE_AREAS: ReadonlyArray<{ area: string; paths: readonly string[] }> = ROLE_AREAS.filter((a) =>
  (API_KEY_AREAS as readonly string[]).includes(a.area),
).map((a) => ({ area: a.area, paths: a.paths }));

export function emptyChoices(): TScopeChoices {
  return Object.fromEntries(SCOPE_AREAS.map((a) => [a.area, 'none' as TScopeChoice]));
}

/** The scopes of the request body, in the picker's order; areas left at `none` are not sent. */
export function scopesOf(choices: TScopeChoices): TApiKeyScope[] {
  return SCOPE_AREAS.flatMap((a) => {
    const c = choices[a.area];
    return c && c !== 'none' ? [{ area: a.area, access: c } as TApiKeyScope] : [];
  });
}

/** An expiry date (yyyy-mm-dd, the end of that day in the browser's zone) as the body's ISO instant; '' means none. */
export function expiryOf(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T23:59:59`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
