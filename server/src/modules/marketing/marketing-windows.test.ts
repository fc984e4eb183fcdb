import { describe, expect, it } from 'vitest';
import { marketingRuleOf, nextMarketingTime, stateOfCustomer, STRICT_MARKETING_STATES, zonedTimeToUtc } from './marketing-windows';

const FL = STRICT_MARKETING_STATES.FL!;
const OK = STRICT_MARKETING_STATES.OK!;
const MD = STRICT_MARKETING_STATES.MD!;

describe('state of a customer', () => {
  it('prefers the stored address state, then the +1 area code, else none', () => {
    expect(stateOfCustomer({ address: { state: 'fl' }, phone: '+14055550100' })).toBe('FL');
    expect(stateOfCustomer({ address: { state: 'Maryland' } })).toBe('MD');
    expect(stateOfCustomer({ address: {}, phone: '+14055550100' })).toBe('OK');
    expect(stateOfCustomer({ phone: '+13055550100' })).toBe('FL');
    expect(stateOfCustomer({ phone: '+12125550100' })).toBeNull();
    expect(stateOfCustomer({ phone: '+38761123456' })).toBeNull();
    expect(stateOfCustomer({ address: { state: 'TX' } })).toBe('TX');
    expect(marketingRuleOf({ address: { state: 'TX' } })).toBeNull();
    expect(marketingRuleOf({ phone: '+14435550100' })?.state).toBe('MD');
  });
});

describe('zoned wall time', () => {
  it('converts across both DST changes', () => {
    // 2026-03-08 is the US spring-forward day; 2026-11-01 the fall-back day.
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 7, minute: 8 * 60, timeZone: 'America/New_York' }).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8, minute: 8 * 60, timeZone: 'America/New_York' }).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 1, minute: 8 * 60, timeZone: 'America/Chicago' }).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 31, minute: 8 * 60, timeZone: 'America/Chicago' }).toISOString()).toBe('2026-10-31T13:00:00.000Z');
  });
});

describe('next marketing time', () => {
  it('is null inside the window and without a rule', () => {
    expect(nextMarketingTime({ now: new Date('2026-06-10T15:00:00Z'), rule: MD })).toBeNull(); // 11:00 EDT
    expect(nextMarketingTime({ now: new Date('2026-06-10T03:00:00Z'), rule: null })).toBeNull();
  });

  it('defers an evening send to the next morning, and an early one to the same morning', () => {
    // 20:30 EDT → 08:00 EDT next day.
    expect(nextMarketingTime({ now: new Date('2026-06-11T00:30:00Z'), rule: MD })?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
    // 06:15 CDT → 08:00 CDT the same day.
    expect(nextMarketingTime({ now: new Date('2026-06-10T11:15:00Z'), rule: OK })?.toISOString()).toBe('2026-06-10T13:00:00.000Z');
    // 20:00 sharp is already closed.
    expect(nextMarketingTime({ now: new Date('2026-06-11T00:00:00Z'), rule: MD })?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
  });

  it('keeps Florida open only when open in both its zones unless the customer zone is known', () => {
    // 08:30 EDT = 07:30 CDT: closed in the panhandle, opens at 08:00 CDT = 13:00Z.
    expect(nextMarketingTime({ now: new Date('2026-06-10T12:30:00Z'), rule: FL })?.toISOString()).toBe('2026-06-10T13:00:00.000Z');
    expect(nextMarketingTime({ now: new Date('2026-06-10T12:30:00Z'), rule: FL, customerTimeZone: 'America/New_York' })).toBeNull();
    // 19:30 CDT = 20:30 EDT: closed in Miami; next common opening is 08:00 CDT.
    expect(nextMarketingTime({ now: new Date('2026-06-11T00:30:00Z'), rule: FL })?.toISOString()).toBe('2026-06-11T13:00:00.000Z');
    // A bad stored zone falls back to the state's zones.
    expect(nextMarketingTime({ now: new Date('2026-06-10T12:30:00Z'), rule: FL, customerTimeZone: 'Mars/Base' })?.toISOString()).toBe(
      '2026-06-10T13:00:00.000Z',
    );
  });

  it('lands on the right local 08:00 across DST changes', () => {
    // Sat 2026-03-07 21:00 EST (02:00Z Sun) → Sun 08:00 EDT = 12:00Z (the night lost an hour).
    expect(nextMarketingTime({ now: new Date('2026-03-08T02:00:00Z'), rule: MD })?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // Sat 2026-10-31 21:00 CDT (02:00Z Sun) → Sun 08:00 CST = 14:00Z (the night gained an hour).
    expect(nextMarketingTime({ now: new Date('2026-11-01T02:00:00Z'), rule: OK })?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Just after the spring-forward jump, 03:30 EDT → 08:00 EDT.
    expect(nextMarketingTime({ now: new Date('2026-03-08T07:30:00Z'), rule: MD })?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});
