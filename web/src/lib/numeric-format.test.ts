import { describe, expect, it } from 'vitest';
import { caretAfter, formatNumeric, meaningfulBefore, numericFormat, parseNumericText } from './numeric-format';

const money = numericFormat({ decimalScale: 2, thousandSeparator: true });
const whole = numericFormat({});

describe('numericFormat', () => {
  it('rejects a thousands separator equal to the decimal separator', () => {
    expect(() => numericFormat({ thousandSeparator: '.', decimalSeparator: '.' })).toThrow(/must differ/);
    expect(() => numericFormat({ thousandSeparator: true, decimalSeparator: ',' })).toThrow(/must differ/);
    expect(() => numericFormat({ thousandSeparator: '5' })).toThrow();
    expect(numericFormat({ thousandSeparator: '.', decimalSeparator: ',' })).toMatchObject({ thousandSeparator: '.', decimalSeparator: ',' });
  });
});

describe('formatNumeric', () => {
  it('groups thousands and keeps what follows the decimal separator', () => {
    expect(formatNumeric('1234567.5', money)).toBe('1,234,567.5');
    expect(formatNumeric('999', money)).toBe('999');
    expect(formatNumeric('12.', money)).toBe('12.');
    expect(formatNumeric('', money)).toBe('');
    expect(formatNumeric('1234.5', numericFormat({ decimalScale: 2, thousandSeparator: '.', decimalSeparator: ',' }))).toBe('1.234,5');
    expect(formatNumeric('-1234', numericFormat({ thousandSeparator: ' ', allowNegative: true }))).toBe('-1 234');
    expect(formatNumeric('1234', whole)).toBe('1234');
  });
});

describe('parseNumericText', () => {
  it('reads typed or pasted text back into a plain value', () => {
    expect(parseNumericText('1,234.5', money)).toBe('1234.5');
    expect(parseNumericText('1,2,3,4', money)).toBe('1234');
    expect(parseNumericText('', money)).toBe('');
    expect(parseNumericText('.5', money)).toBe('0.5');
    expect(parseNumericText('007', whole)).toBe('7');
    expect(parseNumericText('1.234,56', numericFormat({ decimalScale: 2, thousandSeparator: '.', decimalSeparator: ',' }))).toBe('1234.56');
  });

  it('cuts decimals to the scale', () => {
    expect(parseNumericText('12.345', money)).toBe('12.34');
  });

  it('refuses letters, a second decimal separator, a minus unless allowed, decimals in whole numbers', () => {
    expect(parseNumericText('12a', money)).toBeNull();
    expect(parseNumericText('1e4', whole)).toBeNull();
    expect(parseNumericText('1.2.3', money)).toBeNull();
    expect(parseNumericText('-5', money)).toBeNull();
    expect(parseNumericText('-5', numericFormat({ allowNegative: true }))).toBe('-5');
    expect(parseNumericText('1.5', whole)).toBeNull();
  });
});

describe('caret', () => {
  it('stays after the same digit when grouping moves characters', () => {
    // "123|4" typed as 1234 → "1,234": after the 3rd digit is index 4.
    const n = meaningfulBefore('1234', 3, money);
    expect(n).toBe(3);
    expect(caretAfter('1,234', n, money)).toBe(4);
    expect(caretAfter('1,234', 0, money)).toBe(0);
    expect(caretAfter('1,234', 9, money)).toBe(5);
  });
});
