import { describe, expect, it } from 'vitest';
import type { TMe } from '@cd/contracts/user';
import { configWarnings } from './config-warnings';

function company(overrides: Partial<NonNullable<TMe['companyData']>> = {}): NonNullable<TMe['companyData']> {
  return {
    id: 4,
    name: 'Main Street Motors',
    slug: 'main-street-motors',
    phone: null,
    enabled: true,
    mainLogo: null,
    welcomeMessage: 'Welcome! Text STOP to opt out.',
    modules: { automotive: true },
    automotiveMessages: { vehicleReady: 'Ready', repairOrderStatusUrl: 'Status {url}' },
    surveySettings: { text: 'How did we do?' },
    ocs: {},
    channels: ['simulator'],
    ...overrides,
  };
}

describe('configWarnings', () => {
  it('is empty for a fully configured company or a non-admin', () => {
    expect(configWarnings({ roles: ['ROLE_COMPANY_ADMIN'], companyData: company() })).toEqual([]);
    expect(configWarnings({ roles: ['ROLE_USER'], companyData: company({ welcomeMessage: null }) })).toEqual([]);
    expect(configWarnings({ roles: ['ROLE_COMPANY_ADMIN'], companyData: null })).toEqual([]);
  });

  it('lists each unconfigured message with its settings link', () => {
    const w = configWarnings({
      roles: ['ROLE_COMPANY_ADMIN'],
      companyData: company({
        welcomeMessage: ' ',
        automotiveMessages: { vehicleReady: null, repairOrderStatusUrl: '' },
        surveySettings: {},
      }),
    });
    expect(w.map((x) => [x.key, x.path])).toEqual([
      ['welcome_message', '/companies/4/automated_messages'],
      ['vehicle_ready', '/companies/4/automated_messages#automotive'],
      ['repair_order_status_url', '/companies/4/automated_messages#automotive'],
      ['survey_text', '/companies/4/csi'],
    ]);
  });

  it('skips automotive messages for non-automotive companies', () => {
    const w = configWarnings({
      roles: ['ROLE_COMPANY_ADMIN'],
      companyData: company({ modules: { automotive: false }, automotiveMessages: {} }),
    });
    expect(w).toEqual([]);
  });
});
