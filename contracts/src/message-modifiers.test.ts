import { describe, expect, it } from 'vitest';
import { findModifierProblem, isModifierField, modifiersOf } from './message-modifiers';

describe('message modifiers', () => {
  it('requires each required modifier, spelled exactly', () => {
    const field = 'automotiveMessages.vehicleReadyNotifyPriorToArrivalText';
    expect(findModifierProblem({ field, text: 'Ready in {minutes} min: {vehicle_ready_url}' })).toBeNull();
    expect(findModifierProblem({ field, text: 'Ready in {minutes} min' })).toEqual({ message: 'text_must_contain_modifier', modifier: '{vehicle_ready_url}' });
    expect(findModifierProblem({ field, text: '{vehicle_ready_url}' })).toEqual({ message: 'text_must_contain_modifier', modifier: '{minutes}' });
    expect(findModifierProblem({ field: 'payment.text', text: 'Pay {Payment_URL}' })).toEqual({ message: 'text_has_unknown_modifier', modifier: '{Payment_URL}' });
  });

  it('leaves empty texts alone and accepts the optional modifiers', () => {
    expect(findModifierProblem({ field: 'payment.text', text: '' })).toBeNull();
    expect(findModifierProblem({ field: 'payment.text', text: '   ' })).toBeNull();
    expect(findModifierProblem({ field: 'payment.text', text: null })).toBeNull();
    expect(findModifierProblem({ field: 'payment.text', text: 'Hi {customer_name}, {company_name}: {payment_url}' })).toBeNull();
    expect(findModifierProblem({ field: 'automotiveMessages.vehicleReady', text: 'Hi {customer_name}' })).toBeNull();
    expect(findModifierProblem({ field: 'automotiveMessages.vehicleReady', text: 'Hi {name}' })).toEqual({ message: 'text_has_unknown_modifier', modifier: '{name}' });
    expect(findModifierProblem({ field: 'appointmentsSettings.reminderText', text: 'See you {appointment_time}' })).toBeNull();
    expect(findModifierProblem({ field: 'payment.text', text: 'Use { braces } freely {payment_url}' })).toBeNull();
  });

  it('knows which fields take modifiers', () => {
    expect(isModifierField('surveySettings.resendText')).toBe(true);
    expect(isModifierField('surveySettings.daysAfter')).toBe(false);
    expect(isModifierField('toString')).toBe(false);
    expect(modifiersOf('surveySettings.text').all[0]).toBe('{survey_url}');
  });
});
