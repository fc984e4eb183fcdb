import { describe, expect, it } from 'vitest';
import { companyAdminsTopic, companyRoleTopic, companyTopic, SUPER_ADMINS_TOPIC, userTopic } from '@cd/contracts/live';
import { listUserTopics } from './live.service';

describe('area-role live topics', () => {
  it('gives a payment clerk the payment topic, and nobody else an area topic they lack the role for', () => {
    const clerk = listUserTopics({ id: 7, companyId: 3, roles: ['ROLE_USER', 'ROLE_PAYMENT'] });
    expect(clerk).toEqual([companyTopic(3), userTopic(7), companyRoleTopic(3, 'ROLE_PAYMENT')]);
    expect(clerk).not.toContain(companyAdminsTopic(3));
    const agent = listUserTopics({ id: 8, companyId: 3, roles: ['ROLE_USER', 'ROLE_COMMUNICATION'] });
    expect(agent.some((t) => t.includes('/roles/'))).toBe(false);
  });

  it('scopes role topics to the user company and ignores them without one', () => {
    const both = listUserTopics({ id: 9, companyId: 4, roles: ['ROLE_AUTO_ACCOUNTING', 'ROLE_AUTO_PARTS_SALES'] });
    expect(both).toContain(companyRoleTopic(4, 'ROLE_AUTO_ACCOUNTING'));
    expect(both).toContain(companyRoleTopic(4, 'ROLE_AUTO_PARTS_SALES'));
    expect(both).not.toContain(companyRoleTopic(3, 'ROLE_AUTO_ACCOUNTING'));
    expect(listUserTopics({ id: 1, companyId: null, roles: ['ROLE_SUPER_ADMIN', 'ROLE_PAYMENT'] })).toEqual([userTopic(1), SUPER_ADMINS_TOPIC]);
  });
});
