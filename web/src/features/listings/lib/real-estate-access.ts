import type { TMe } from '@cd/contracts/user';

/** Company admins and super admins pass every role check (as on the server); the company's module must be on. */
function hasAreaRole(me: Pick<TMe, 'roles'>, role: string): boolean {
  return me.roles.includes(role) || me.roles.includes('ROLE_COMPANY_ADMIN') || me.roles.includes('ROLE_SUPER_ADMIN');
}

/** Who may read a customer's listing interests: real estate (module + role) or offers (module + role), as the API. */
export function canSeeListingInterests(me: Pick<TMe, 'roles' | 'modules'>): boolean {
  return (me.modules.realEstate && hasAreaRole(me, 'ROLE_REAL_ESTATE')) || (me.modules.offers && hasAreaRole(me, 'ROLE_OFFERS'));
}

/** Interest categories belong to offers (module + role). */
export function canSeeInterestCategories(me: Pick<TMe, 'roles' | 'modules'>): boolean {
  return me.modules.offers && hasAreaRole(me, 'ROLE_OFFERS');
}
