import { randomInt } from 'node:crypto';

let next = randomInt(0, 100_000);

/**
 * `prefix` followed by `digits` digits, never the same twice in this test process until the digits wrap: a random
 * start, then counting. Random draws alone collided on the per-company unique phone (about 1 run in 80).
 */
export function uniqueTestPhone(opts: { prefix: string; digits: 4 | 5 }): string {
  next += 1;
  return `${opts.prefix}${String(next % 10 ** opts.digits).padStart(opts.digits, '0')}`;
}
