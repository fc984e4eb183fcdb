import { describe, expect, it } from 'vitest';
import { automatedMessagesSubTabs, initialAutomatedMessagesSubTab } from './automated-messages-sub-tabs';

describe('automated messages sub-tabs', () => {
  it('shows automotive and real estate only with their module', () => {
    expect(automatedMessagesSubTabs({})).toEqual(['standard']);
    expect(automatedMessagesSubTabs({ automotive: true })).toEqual(['standard', 'automotive']);
    expect(automatedMessagesSubTabs({ automotive: true, realEstate: true })).toEqual(['standard', 'automotive', 'real_estate']);
  });

  it('opens the sub-tab a hash names, if the company has it', () => {
    expect(initialAutomatedMessagesSubTab({ hash: '#automotive', tabs: ['standard', 'automotive'] })).toBe('automotive');
    expect(initialAutomatedMessagesSubTab({ hash: '#automotive', tabs: ['standard'] })).toBe('standard');
    expect(initialAutomatedMessagesSubTab({ hash: '', tabs: ['standard', 'real_estate'] })).toBe('standard');
  });
});
