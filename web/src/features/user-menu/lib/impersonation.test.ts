import { describe, expect, it } from 'vitest';
import type { TColleague } from '@cd/contracts/user';
import { impersonationOptions, impersonationTarget } from './impersonation';

const person = (id: number, firstName: string, roles: string[] = ['ROLE_USER']): TColleague => ({
  '@id': `/api/users/${id}`,
  id,
  firstName,
  lastName: 'X',
  email: `${firstName.toLowerCase()}@co.example`,
  roles,
});
const ADMIN = ['ROLE_USER', 'ROLE_COMPANY_ADMIN'];
const users = [person(1, 'Zoe'), person(2, 'Maria', ADMIN), person(3, 'Bob'), person(4, 'Anna', ADMIN), person(5, 'Me')];

describe('impersonation options', () => {
  it('company admins first, each group by name; no entry for oneself when not impersonating', () => {
    const list = impersonationOptions({ users, realUser: { ...person(5, 'Me', ADMIN) }, impersonatedEmail: null });
    expect(list.map((o) => [o.name, o.kind])).toEqual([
      ['Anna X', 'admin'],
      ['Maria X', 'admin'],
      ['Bob X', 'user'],
      ['Zoe X', 'user'],
    ]);
  });

  it('hides company admins from users who are not admins', () => {
    const list = impersonationOptions({ users, realUser: person(5, 'Me'), impersonatedEmail: null });
    expect(list.map((o) => o.name)).toEqual(['Bob X', 'Zoe X']);
  });

  it('while impersonating, marks the current user and offers the real user last to switch back', () => {
    const list = impersonationOptions({ users, realUser: person(5, 'Me', ADMIN), impersonatedEmail: 'BOB@co.example' });
    expect(list.at(-1)).toMatchObject({ id: 5, kind: 'self', name: 'Me X' });
    expect(list.find((o) => o.id === 3)?.current).toBe(true);
    expect(impersonationTarget(list.at(-1)!)).toBeNull();
    expect(impersonationTarget(list[0]!)).toBe('anna@co.example');
  });

  it('a super admin (no company) switches back to themself too', () => {
    const root = { id: 9, email: 'root@x.example', firstName: 'Sofia', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'] };
    const list = impersonationOptions({ users, realUser: root, impersonatedEmail: 'maria@co.example' });
    expect(list[0]).toMatchObject({ name: 'Anna X', kind: 'admin' });
    expect(list.at(-1)).toMatchObject({ id: 9, kind: 'self' });
    expect(list).toHaveLength(6);
  });
});
