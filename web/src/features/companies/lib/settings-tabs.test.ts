import { describe, expect, it } from 'vitest';
import { getVisibleSettingsTabs, resolveSettingsTab } from './settings-tabs';

const none = { automotive: false, appointments: false };

describe('getVisibleSettingsTabs', () => {
  it('hides modules, ocs, dms and appointments from a company admin without those modules', () => {
    expect(getVisibleSettingsTabs({ isSuperAdmin: false, modules: none })).toEqual([
      'general_data',
      'automated_messages',
      'alerts',
      'csi',
      'users',
      'predefined_messages',
      'customer_view',
      'payment',
    ]);
  });

  it('shows modules and ocs to super admins only', () => {
    const tabs = getVisibleSettingsTabs({ isSuperAdmin: true, modules: none });
    expect(tabs).toContain('modules');
    expect(tabs).toContain('ocs');
    expect(tabs).not.toContain('dms');
    expect(tabs).not.toContain('appointments');
  });

  it('shows dms with the automotive module and appointments with the appointments module, in order', () => {
    expect(getVisibleSettingsTabs({ isSuperAdmin: false, modules: { automotive: true, appointments: true } }).slice(-3)).toEqual([
      'dms',
      'payment',
      'appointments',
    ]);
    expect(getVisibleSettingsTabs({ isSuperAdmin: false, modules: { automotive: true } })).toContain('dms');
    expect(getVisibleSettingsTabs({ isSuperAdmin: false, modules: { appointments: true } })).not.toContain('dms');
  });
});

describe('resolveSettingsTab', () => {
  const visible = getVisibleSettingsTabs({ isSuperAdmin: false, modules: none });
  it('keeps a visible tab', () => {
    expect(resolveSettingsTab({ requested: 'users', visible })).toEqual({ tab: 'users', redirect: false });
  });
  it('redirects a missing, unknown or hidden tab to general_data', () => {
    for (const requested of [undefined, 'nope', 'modules', 'dms'])
      expect(resolveSettingsTab({ requested, visible })).toEqual({ tab: 'general_data', redirect: true });
  });
});
