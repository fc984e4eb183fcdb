import { describe, expect, it } from 'vitest';
import { isValidAccentColor, toColorInputValue, withPickedColor } from './accent-color';

describe('accent colour', () => {
  it('accepts hex and rgb with alpha 0 to 1', () => {
    expect(isValidAccentColor('#0a7d5a')).toBe(true);
    expect(isValidAccentColor(' #FFF ')).toBe(true);
    expect(isValidAccentColor('rgb(1,2,3)')).toBe(true);
    expect(isValidAccentColor('rgba(26, 115, 232, 0.8)')).toBe(true);
    expect(isValidAccentColor('rgba(26, 115, 232, 0)')).toBe(true);
    expect(isValidAccentColor('rgba(26, 115, 232, 1)')).toBe(true);
  });

  it('refuses alpha outside 0–1, bad channels and other text', () => {
    expect(isValidAccentColor('rgba(26, 115, 232, 1.01)')).toBe(false);
    expect(isValidAccentColor('rgba(26, 115, 232, -1)')).toBe(false);
    expect(isValidAccentColor('rgb(256, 0, 0)')).toBe(false);
    expect(isValidAccentColor('#12345')).toBe(false);
    expect(isValidAccentColor('red')).toBe(false);
    expect(isValidAccentColor('')).toBe(false);
  });

  it('feeds the native colour input a #rrggbb value', () => {
    expect(toColorInputValue('#ABC')).toBe('#aabbcc');
    expect(toColorInputValue('#0A7D5A')).toBe('#0a7d5a');
    expect(toColorInputValue('rgba(26, 115, 232, 0.8)')).toBe('#1a73e8');
    expect(toColorInputValue('')).toBe('#000000');
  });

  it('keeps the typed alpha when a colour is picked', () => {
    expect(withPickedColor('rgba(0, 0, 0, 0.5)', '#1a73e8')).toBe('rgba(26, 115, 232, 0.5)');
    expect(withPickedColor('#000000', '#1a73e8')).toBe('#1a73e8');
    expect(withPickedColor('', '#1a73e8')).toBe('#1a73e8');
  });
});
