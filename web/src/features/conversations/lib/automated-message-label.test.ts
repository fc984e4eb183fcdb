import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/translation.json';
import { automatedLabelOf } from './automated-message-label';

describe('automatedLabelOf', () => {
  it('labels system messages with their type and leaves people alone', () => {
    expect(automatedLabelOf({ sender: 'system', direction: 'OUTBOUND', type: 'REPAIR_ORDER_STATUS_URL' })).toEqual({
      typeKey: 'message_type_REPAIR_ORDER_STATUS_URL',
    });
    expect(automatedLabelOf({ sender: 'system', direction: 'OUTBOUND', type: 'STANDARD' })).toEqual({ typeKey: null });
    expect(automatedLabelOf({ sender: 'agent', direction: 'OUTBOUND', type: 'STANDARD' })).toBeNull();
    expect(automatedLabelOf({ sender: 'customer', direction: 'INBOUND', type: 'STANDARD' })).toBeNull();
  });
  it('has a catalogue entry for every named type', () => {
    for (const type of [
      'REPAIR_ORDER_STATUS_URL',
      'customer_notified_prior_to_arrival',
      'customer_interested_in_vehicle_appraisal',
      'WELCOME_MESSAGE',
    ] as const)
      expect(en).toHaveProperty(automatedLabelOf({ sender: 'system', direction: 'OUTBOUND', type })!.typeKey!);
  });
});
