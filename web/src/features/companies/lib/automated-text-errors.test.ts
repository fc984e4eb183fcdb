import { describe, expect, it } from 'vitest';
import { describeTextError, errorAt, validateAutomatedTexts } from './automated-text-errors';

describe('validateAutomatedTexts', () => {
  it('checks the welcome message for "text stop" and texts for their modifiers', () => {
    expect(
      validateAutomatedTexts({
        welcomeMessage: 'Hello',
        'automotiveMessages.repairOrderStatusUrl': 'Status here',
        'automotiveMessages.repairOrderLineApproval': 'Approve {approval_url}',
        'automotiveMessages.vehicleReady': 'Ready {oops}',
        'realEstateSettings.optInviteMessage': 'Anything {goes}',
      }),
    ).toEqual({
      welcomeMessage: 'welcome_message_should_contain_text_stop',
      'automotiveMessages.repairOrderStatusUrl': 'text_must_contain_modifier',
      'automotiveMessages.vehicleReady': 'text_has_unknown_modifier',
    });
  });

  it('lets empty texts and a welcome message with TEXT STOP through', () => {
    expect(validateAutomatedTexts({ welcomeMessage: 'Hi! Text STOP to quit.', 'payment.text': '', 'surveySettings.text': null })).toEqual({});
  });
});

describe('describeTextError', () => {
  it('names the modifier of a server 422 from the current text', () => {
    expect(
      describeTextError({ path: 'automotiveMessages.vehicleReadyNotifyPriorToArrivalText', message: 'text_must_contain_modifier', text: 'In {minutes}' }),
    ).toEqual({ key: 'text_must_contain_modifier', values: { modifier: '{vehicle_ready_url}' } });
    expect(describeTextError({ path: 'payment.text', message: 'text_has_unknown_modifier', text: '{url} {payment_url}' })).toEqual({
      key: 'text_has_unknown_modifier',
      values: { modifier: '{url}' },
    });
  });

  it('passes other messages through the settings catalogue mapping', () => {
    expect(describeTextError({ path: 'welcomeMessage', message: 'welcome_message_should_contain_text_stop' })).toEqual({ key: 'welcome_message_should_contain_text_stop' });
    expect(describeTextError({ path: 'automotiveMessages.vehicleAppraisalNotificationSms.0', message: 'This phone number is not valid.' })).toEqual({ key: 'phone_invalid' });
  });
});

describe('errorAt', () => {
  it('finds an error on the field or one of its list items', () => {
    const errors = { 'a.b': 'x', 'a.list.1': 'y' };
    expect(errorAt(errors, 'a.b')).toEqual({ path: 'a.b', message: 'x' });
    expect(errorAt(errors, 'a.list')).toEqual({ path: 'a.list.1', message: 'y' });
    expect(errorAt(errors, 'a.li')).toBeUndefined();
  });
});
