import { describe, expect, it } from 'vitest';
import { findCardNumbers } from '../src/lib/card-numbers';
import { unique } from './helpers';

describe('unique test names', () => {
  // Texts that carry a company's or customer's name are masked where they hold a card number: a test name that reads
  // as one made a booking-link test fail now and then, once a worker had drawn a hundred names.
  it('never read as a card number, however many a worker draws', () => {
    const names = Array.from({ length: 5000 }, () => `Company ${unique('co')}`);
    expect(names.filter((n) => findCardNumbers(n).length > 0)).toEqual([]);
    // Whatever the process id: no two numbers joined by a dash or space, the shape a card number is written in.
    expect(names.filter((n) => /\d[\s-]+\d/.test(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });
});
