import { randomBytes } from 'node:crypto';
import { KEYWORD_GENERATED_ALPHABET, KEYWORD_GENERATED_LENGTH } from '@cd/contracts/listings';

/**
 * `count` distinct random keywords of the generated alphabet (16 letters: a byte's low 4 bits pick one with no bias),
 * from the OS's cryptographic source so a company cannot guess another's next keyword.
 */
export function randomKeywordNames(count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const bytes = randomBytes(KEYWORD_GENERATED_LENGTH * (count - names.size));
    for (let i = 0; i + KEYWORD_GENERATED_LENGTH <= bytes.length; i += KEYWORD_GENERATED_LENGTH) {
      let name = '';
      for (let j = 0; j < KEYWORD_GENERATED_LENGTH; j++) name += KEYWORD_GENERATED_ALPHABET[bytes[i + j]! & 15];
      names.add(name);
    }
  }
  return [...names].slice(0, count);
}
