import type { TModules } from '@cd/contracts/company';

export type TAutomatedMessagesSubTab = 'standard' | 'automotive' | 'real_estate';

/** Sub-tabs of automated messages (spec part 2 §2): automotive and real estate only with their module. */
export function automatedMessagesSubTabs(modules: Partial<TModules>): TAutomatedMessagesSubTab[] {
  const tabs: TAutomatedMessagesSubTab[] = ['standard'];
  if (modules.automotive) tabs.push('automotive');
  if (modules.realEstate) tabs.push('real_estate');
  return tabs;
}

/** The sub-tab a URL hash names ("#automotive"), when the company has it; standard otherwise. */
export function initialAutomatedMessagesSubTab(options: { hash: string; tabs: readonly TAutomatedMessagesSubTab[] }): TAutomatedMessagesSubTab {
  const named = options.hash.replace(/^#/, '');
  return options.tabs.find((t) => t === named) ?? 'standard';
}
