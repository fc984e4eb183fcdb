import { describe, expect, it } from 'vitest';
import { isHexColor, toColorInputValue } from './accent-color';

describe('accent colour', () => {
  it('accepts #rgb and #rrggbb only', () => {
    expect(isHexColor('#0a7d5a')).toBe(true);
    expect(isHexColor(' #FFF ')).toBe(true);
    expect(isHexColor('rgb(1,2,3)')).toBe(false);
    expect(isHexColor('#12345')).toBe(false);
    expect(isHexColor('')).toBe(false);
  });

  it('feeds the native colour input a #rrggbb value', () => {
    expect(toColorInputValue('#ABC')).toBe('#aabbcc');
    expect(toColorInputValue('#0A7D5A')).toBe('#0a7d5a');
    expect(toColorInputValue('')).toBe('#000000');
  });
});
