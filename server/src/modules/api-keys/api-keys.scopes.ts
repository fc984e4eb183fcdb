import { ROLE_AREAS } from '@cd/contracts/role-catalogue';
import type { TApiKeyScope } from '@cd/contracts/api-keys';

/** The areas whose route prefixes cover a route (its pattern, e.g. /api/customers/:id); none for unscoped routes. */
export function areasOfRoute(routeUrl: string): string[] {
  const path = routeUrl.split('?')[0]!;
  return ROLE_AREAS.filter((a) => a.paths.some((p) => path === p || path.startsWith(`${p}/`))).map((a) => a.area);
}

/** Reads are GET and HEAD; every other method writes. */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * May a key with these scopes call this route? `scope`: no scope covers the route's area (or the route is in no area:
 * users, sessions, companies, API keys...); `read_only`: it does, but only for reading and this request writes.
 */
export function scopeVerdict(opts: { routeUrl: string; method: string; scopes: readonly TApiKeyScope[] }): 'allowed' | 'scope' | 'read_only' {
  const areas = areasOfRoute(opts.routeUrl);
  const held = opts.scopes.filter((s) => areas.includes(s.area));
  if (!held.length) return 'scope';
  if (isReadMethod(opts.method) || held.some((s) => s.access === 'write')) return 'allowed';
  return 'read_only';
}
