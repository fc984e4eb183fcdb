import { describe, expect, it } from 'vitest';
import { effectiveModules } from './company';
import { MODULES } from './roles';

describe('effectiveModules (spec part 2 §6)', () => {
  it('without a company: all on for a super admin, all off for anyone else', () => {
    const root = effectiveModules({ roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'], companyModules: null });
    expect(Object.keys(root).sort()).toEqual([...MODULES].sort());
    expect(Object.values(root).every((v) => v === true)).toBe(true);
    const admin = effectiveModules({ roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], companyModules: null });
    expect(Object.keys(admin).sort()).toEqual([...MODULES].sort());
    expect(Object.values(admin).every((v) => v === false)).toBe(true);
  });

  it("with a company: the company's modules, whatever the roles; unknown or missing ones are off", () => {
    const company = { communication: true, appointments: false, automotive: true, legacy: true };
    for (const roles of [['ROLE_USER'], ['ROLE_SUPER_ADMIN']]) {
      const m = effectiveModules({ roles, companyModules: company });
      expect(m).toMatchObject({ communication: true, appointments: false, automotive: true, realEstate: false, questionnaire: false });
      expect(m).not.toHaveProperty('legacy');
    }
  });
});
