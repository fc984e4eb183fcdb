import { companyTopic, userTopic } from '@cd/contracts/live';
import type { TUser } from '@cd/contracts/user';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TUserRow } from './users.schema';

export function toUserResource(u: TUserRow): TUser {
  return {
    '@id': iri('users', u.id),
    '@type': 'User',
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    roles: u.roles,
    company: u.companyId === null ? null : iri('companies', u.companyId),
    enabled: u.enabled,
    mechanic: u.mechanic,
    advisor: u.advisor,
    department: u.department,
    dms: u.dms,
    awayState: u.awayState,
    notificationSettings: u.notificationSettings,
    theme: u.theme as TUser['theme'],
    language: u.language as TUser['language'],
    createdAt: u.createdAt.toISOString(),
  };
}

export function toColleague(u: TUserRow) {
  return { '@id': iri('users', u.id), id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, roles: u.roles };
}

/**
 * "Your user changed" for the user's own live topic (their other tabs, and the avatar when the away status returns to
 * ONLINE by itself). Only for users of a company: live events belong to a company.
 */
export function userLiveEvents(u: TUserRow, changes: string[]): TLiveEventInput[] {
  if (u.companyId === null) return [];
  return [{ companyId: u.companyId, topics: [userTopic(u.id)], event: 'updated', entity: 'user', data: toUserResource(u), changes }];
}

/** Fields colleagues and admins see of a user (tables, pickers); personal settings changes stay on the user's topic. */
const DIRECTORY_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'roles', 'enabled', 'mechanic', 'advisor', 'department', 'dms']);

/**
 * Company-topic notice that the company's user list changed, so open users tables and colleague pickers refetch.
 * It names the user and the changed fields only: every user of the company hears the topic.
 */
export function companyUserEvents(opts: {
  companyId: number | null;
  id: number;
  event: 'created' | 'updated' | 'removed';
  changes?: string[];
}): TLiveEventInput[] {
  const { companyId, id, event } = opts;
  const changes = opts.changes?.filter((c) => DIRECTORY_FIELDS.has(c)) ?? null;
  if (companyId === null || (changes !== null && changes.length === 0)) return [];
  return [{ companyId, topics: [companyTopic(companyId)], event, entity: 'company_user', data: { '@id': iri('users', id), id }, changes }];
}
