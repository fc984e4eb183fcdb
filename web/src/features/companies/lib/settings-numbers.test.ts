import { describe, expect, it } from 'vitest';
import { validateWholeNumber } from './settings-numbers';

describe('validateWholeNumber', () => {
  it('accepts empty and in-range whole numbers', () => {
    expect(validateWholeNumber({ value: '', min: 5, max: 480 })).toBeNull();
    expect(validateWholeNumber({ value: ' 30 ', min: 5, max: 480 })).toBeNull();
    expect(validateWholeNumber({ value: ' ', min: 5, max: 480, required: true })).toBe('number_required');
  });
  it('rejects fractions, signs and out-of-range values', () => {
    expect(validateWholeNumber({ value: '2.5', min: 0, max: 10 })).toBe('number_whole');
    expect(validateWholeNumber({ value: '-1', min: 0, max: 10 })).toBe('number_whole');
    expect(validateWholeNumber({ value: '4', min: 5, max: 480 })).toBe('number_out_of_range');
    expect(validateWholeNumber({ value: '481', min: 5, max: 480 })).toBe('number_out_of_range');
  });
});
