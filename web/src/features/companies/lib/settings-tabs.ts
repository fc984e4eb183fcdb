import type { TModules } from '@cd/contracts/company';

/** Tab values of the company settings screen, in display order (spec part 2 §2). */
export const SETTINGS_TABS = [
  'general_data',
  'automated_messages',
  'alerts',
  'csi',
  'users',
  'predefined_messages',
  'customer_view',
  'modules',
  'ocs',
  'dms',
  'payment',
  'appointments',
] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export const DEFAULT_SETTINGS_TAB: TSettingsTab = 'general_data';

/** Which tabs a viewer sees (part 2 §2/§6): modules and ocs for super admins only, dms with the automotive module,
 * appointments with the appointments module; the rest for everyone who reaches the screen. */
export function getVisibleSettingsTabs(options: { isSuperAdmin: boolean; modules: Partial<TModules> }): TSettingsTab[] {
  const { isSuperAdmin, modules } = options;
  return SETTINGS_TABS.filter((tab) => {
    if (tab === 'modules' || tab === 'ocs') return isSuperAdmin;
    if (tab === 'dms') return modules.automotive === true;
    if (tab === 'appointments') return modules.appointments === true;
    return true;
  });
}

/** The tab to show for a URL segment: null when the URL already names a visible tab, else the tab to redirect to. */
export function resolveSettingsTab(options: { requested: string | undefined; visible: readonly TSettingsTab[] }): {
  tab: TSettingsTab;
  redirect: boolean;
} {
  const match = options.visible.find((t) => t === options.requested);
  return match ? { tab: match, redirect: false } : { tab: DEFAULT_SETTINGS_TAB, redirect: true };
}
