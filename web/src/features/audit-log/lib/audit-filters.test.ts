import { describe, expect, it } from 'vitest';
import { auditFiltersOf, auditParamsOf, auditQueryOf, auditValueText, EMPTY_AUDIT_FILTERS } from './audit-filters';

describe('audit log filters', () => {
  it('round-trip through the address', () => {
    const filters = { company: '4', user: '17', action: 'user.', from: '2026-11-01', to: '2026-11-28', q: 'Jane Doe' };
    const params = auditParamsOf(filters);
    expect(params.toString()).toBe('company=4&user=17&action=user.&from=2026-11-01&to=2026-11-28&q=Jane+Doe');
    expect(auditFiltersOf(params)).toEqual(filters);
    expect(auditParamsOf(EMPTY_AUDIT_FILTERS).toString()).toBe('');
  });

  it('drop values a hand-edited link holds that the server would refuse', () => {
    expect(auditFiltersOf(new URLSearchParams('company=abc&user=-1&action=DROP TABLE&from=yesterday&to=2026-13'))).toEqual(EMPTY_AUDIT_FILTERS);
  });

  it('send the company only for a super admin, and days as instants covering them whole', () => {
    const filters = { ...EMPTY_AUDIT_FILTERS, company: '4', from: '2026-11-01', to: '2026-11-01', q: '  x ' };
    const asAdmin = auditQueryOf(filters, { superAdmin: false });
    expect(asAdmin.company).toBeUndefined();
    expect(asAdmin.q).toBe('x');
    const from = new Date(asAdmin.from!);
    const to = new Date(asAdmin.to!);
    expect(from.getHours()).toBe(0);
    expect(to.getTime() - from.getTime()).toBe(24 * 3600 * 1000 - 1);
    expect(auditQueryOf(filters, { superAdmin: true }).company).toBe('4');
  });

  it('show changed values readably', () => {
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('Jane')).toBe('Jane');
    expect(auditValueText(false)).toBe('false');
    expect(auditValueText(['ROLE_USER', 'ROLE_PAYMENT'])).toBe('["ROLE_USER","ROLE_PAYMENT"]');
  });
});
