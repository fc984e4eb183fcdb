import { describe, expect, it } from 'vitest';
import { emptyChoices, expiryOf, SCOPE_AREAS, scopesOf } from './scope-choices';

describe('scope choices', () => {
  it('offers only areas a company admin opens, and sends the chosen ones in order', () => {
    const areas = SCOPE_AREAS.map((a) => a.area);
    expect(areas).toContain('messenger');
    expect(areas).not.toContain('companies');
    expect(areas).not.toContain('cron_jobs');
    const choices = { ...emptyChoices(), payments: 'write' as const, messenger: 'read' as const };
    expect(scopesOf(choices)).toEqual([
      { area: 'messenger', access: 'read' },
      { area: 'payments', access: 'write' },
    ]);
    expect(scopesOf(emptyChoices())).toEqual([]);
  });

  it('turns an expiry day into the end of that day, and nonsense into none', () => {
    expect(expiryOf('')).toBeNull();
    expect(expiryOf('tomorrow')).toBeNull();
    expect(new Date(expiryOf('2030-05-06')!).getDate()).toBe(6);
  });
});
