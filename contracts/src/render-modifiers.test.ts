// renderModifiers of message-modifiers.ts (apart from message-modifiers.test.ts, which is still on Prettier's baseline list).
import { describe, expect, it } from 'vitest';
import { renderModifiers } from './message-modifiers';

describe('renderModifiers', () => {
  const field = 'automotiveMessages.vehicleReadyNotifyPriorToArrivalText';
  const values = { minutes: 15, vehicleReadyUrl: 'https://cd.example/r/Ab3De5Gh7J', customerName: 'Ana', companyName: 'Best Motors' };

  it('substitutes every modifier of the text, each time it appears', () => {
    expect(
      renderModifiers({ field, values, text: 'Hi {customer_name}! Your car is ready in {minutes} min ({minutes}): {vehicle_ready_url} — {company_name}' }),
    ).toEqual({
      ok: true,
      text: 'Hi Ana! Your car is ready in 15 min (15): https://cd.example/r/Ab3De5Gh7J — Best Motors',
    });
  });

  it('inserts values literally: a value holding a modifier or a replacement pattern is not expanded again', () => {
    const hostile = { ...values, customerName: '{minutes} $& $1 $$ {vehicle_ready_url}' };
    const result = renderModifiers({ field, values: hostile, text: 'Hi {customer_name}, {minutes} min: {vehicle_ready_url}' });
    expect(result).toEqual({ ok: true, text: 'Hi {minutes} $& $1 $$ {vehicle_ready_url}, 15 min: https://cd.example/r/Ab3De5Gh7J' });
  });

  it('refuses a text that misses a required modifier', () => {
    expect(renderModifiers({ field, values, text: 'Ready in {minutes} min' })).toEqual({
      ok: false,
      problem: { message: 'text_must_contain_modifier', modifier: '{vehicle_ready_url}' },
    });
  });

  it('refuses when a required modifier has no value, even if the text is fine', () => {
    for (const missing of [undefined, null, '', Number.NaN]) {
      expect(renderModifiers({ field, values: { ...values, vehicleReadyUrl: missing }, text: 'In {minutes} min: {vehicle_ready_url}' })).toEqual({
        ok: false,
        problem: { message: 'modifier_has_no_value', modifier: '{vehicle_ready_url}' },
      });
    }
  });

  it('leaves no token unrendered: an optional modifier without a value or an unknown token refuses', () => {
    expect(renderModifiers({ field, values: { minutes: 5, vehicleReadyUrl: 'u' }, text: 'Hi {customer_name}, {minutes}: {vehicle_ready_url}' })).toEqual({
      ok: false,
      problem: { message: 'modifier_has_no_value', modifier: '{customer_name}' },
    });
    expect(renderModifiers({ field, values, text: '{minutes} {vehicle_ready_url} {payment_url}' })).toEqual({
      ok: false,
      problem: { message: 'text_has_unknown_modifier', modifier: '{payment_url}' },
    });
    expect(renderModifiers({ field, values, text: '{minutes} {vehicle_ready_url} {}' })).toEqual({
      ok: false,
      problem: { message: 'text_has_unknown_modifier', modifier: '{}' },
    });
  });

  it('required modifiers are reported before optional ones', () => {
    expect(renderModifiers({ field, values: {}, text: '{customer_name} {minutes} {vehicle_ready_url}' })).toEqual({
      ok: false,
      problem: { message: 'modifier_has_no_value', modifier: '{minutes}' },
    });
  });

  it('refuses an empty text (the automation is not configured)', () => {
    for (const text of ['', '  ', null, undefined])
      expect(renderModifiers({ field, values, text })).toEqual({ ok: false, problem: { message: 'text_is_empty' } });
  });

  it('a text without modifiers is sent as it is; extra values are ignored; braces with spaces are plain text', () => {
    expect(renderModifiers({ field: 'automotiveMessages.vehicleReady', values, text: 'Your car is ready { see you }' })).toEqual({
      ok: true,
      text: 'Your car is ready { see you }',
    });
  });

  it('status and approval texts', () => {
    expect(renderModifiers({ field: 'automotiveMessages.repairOrderStatusUrl', values: { statusUrl: 'https://x/r/1' }, text: 'Status: {status_url}' })).toEqual(
      {
        ok: true,
        text: 'Status: https://x/r/1',
      },
    );
    expect(
      renderModifiers({ field: 'automotiveMessages.repairOrderLineApproval', values: { statusUrl: 'https://x/r/1' }, text: 'Approve: {approval_url}' }),
    ).toEqual({
      ok: false,
      problem: { message: 'modifier_has_no_value', modifier: '{approval_url}' },
    });
  });
});
