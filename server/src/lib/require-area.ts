import { rolesOpenArea, type TRoleArea } from '@cd/contracts/role-catalogue';
import type { TRequestContext } from '../context';
import { AppError } from './errors';

/**
 * The role check of an API area, read from the role catalogue (contracts/src/role-catalogue.ts ROLE_AREAS), so the
 * /roles screen shows exactly what the guards enforce. Checks the effective user (the impersonated one while
 * impersonating). Company modules are not roles: the areas check those apart.
 */
export function hasArea(opts: { ctx: Pick<TRequestContext, 'actor'>; area: TRoleArea }): boolean {
  return rolesOpenArea(opts.ctx.actor.user.roles, opts.area);
}

/** 403 with the area's own message when the caller holds none of the area's roles. */
export function requireArea(opts: { ctx: Pick<TRequestContext, 'actor'>; area: TRoleArea; message: string }): void {
  if (!hasArea(opts)) throw new AppError('forbidden', opts.message);
}
