import { describe, expect, it } from 'vitest';
import { findSelectorLimitProblem, MAX_SELECTOR_LENGTH, MAX_TEMPLATE_CHARS, MAX_TOPIC_SELECTORS, matchAnyTopic, matchTopic } from './topic-match';

/** The former regular-expression matcher, kept as the oracle for the semantics (only ever run on small inputs). */
function regexMatch(selector: string, topic: string): boolean {
  if (selector === '*' || selector === topic) return true;
  if (!selector.includes('{')) return false;
  const esc = (text: string) => text.replace(/[.*+?^$()|[\]\\{}/]/g, '\\$&');
  let pattern = '';
  let last = 0;
  for (const m of selector.matchAll(/\{([^}]*)\}/g)) {
    pattern += esc(selector.slice(last, m.index));
    const op = m[1]!.charAt(0);
    if (op === '+' || op === '#') pattern += '.*';
    else if (op === '?' || op === '&') pattern += '(?:[?&].*)?';
    else if (op === '/') pattern += '(?:/[^/?#]*)*';
    else if (op === '.') pattern += '(?:\\.[^/?#.]*)*';
    else if (op === ';') pattern += '(?:;[^/?#]*)*';
    else pattern += '[^/?#]+';
    last = m.index + m[0].length;
  }
  pattern += esc(selector.slice(last));
  return new RegExp(`^${pattern}$`).test(topic);
}

/** Small deterministic PRNG (mulberry32), so a failure reproduces. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const LITERALS = ['a', 'b', '/', '?', '&', '.', ';', '#', '=', '1', '}', '{'];
const EXPRESSIONS = ['{x}', '{+x}', '{#x}', '{?x,y}', '{&x}', '{/x}', '{.x}', '{;x}', '{}', '{{x}'];

describe('topic matcher', () => {
  it('matches exact topics, * and each kind of URI template expression', () => {
    const cases: [string, string, boolean][] = [
      ['*', '/api/users/1', true],
      ['/api/users/1', '/api/users/1', true],
      ['/api/users/1', '/api/users/10', false],
      ['/api/users/{id}', '/api/users/10', true],
      ['/api/users/{id}', '/api/users/', false],
      ['/api/users/{id}', '/api/users/10/x', false],
      ['/api/users/{id}', '/api/users/1?x', false],
      ['/api/companies/{id}/admins', '/api/companies/3/admins', true],
      ['/a{+rest}', '/a/b/c?d#e', true],
      ['/a{#rest}', '/a', true],
      ['https://e.x/books/{id}{?topic}', 'https://e.x/books/1?topic=a', true],
      ['https://e.x/books/{id}{?topic}', 'https://e.x/books/1', true],
      ['/b{&q}', '/b&x=1', true],
      ['/b{&q}', '/bx', false],
      ['/p{/seg}', '/p/a/b/', true],
      ['/p{/seg}', '/pa', false],
      ['/f{.ext}', '/f.tar.gz', true],
      ['/f{.ext}', '/f.a/b', false],
      ['/m{;v}', '/m;a=1;b', true],
      ['/a.b/{x}', '/aXb/1', false],
      ['/open{brace', '/open{brace', true],
      ['/open{brace', '/openXbrace', false],
    ];
    for (const [selector, topic, expected] of cases) expect({ selector, topic, got: matchTopic({ selector, topic }) }).toEqual({ selector, topic, got: expected });
    expect(matchAnyTopic({ selectors: ['/x', '/api/users/{id}'], topics: ['/y', '/api/users/2'] })).toBe(true);
    expect(matchAnyTopic({ selectors: ['/x'], topics: ['/y'] })).toBe(false);
  });

  it('agrees with the former regular expressions on thousands of random small templates and topics', () => {
    const rand = seeded(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    let matched = 0;
    for (let n = 0; n < 4000; n++) {
      const parts: string[] = [];
      for (let k = Math.floor(rand() * 6); k >= 0; k--) parts.push(rand() < 0.4 ? pick(EXPRESSIONS) : pick(LITERALS));
      const selector = parts.join('');
      // Half the topics are expansions of the template (so matches are common), half are random text.
      const topic =
        rand() < 0.5
          ? parts.map((p) => (p.length > 1 && p.startsWith('{') ? Array.from({ length: Math.floor(rand() * 4) }, () => pick(LITERALS)).join('') : p)).join('')
          : Array.from({ length: Math.floor(rand() * 9) }, () => pick(LITERALS)).join('');
      const expected = regexMatch(selector, topic);
      if (expected) matched++;
      if (matchTopic({ selector, topic }) !== expected) expect({ selector, topic, match: !expected }).toEqual({ selector, topic, match: expected });
    }
    // The generator must exercise both answers, or the comparison proves little.
    expect(matched).toBeGreaterThan(400);
    expect(matched).toBeLessThan(3600);
  });

  it('takes time proportional to the input for a selector that made the regular expression backtrack', () => {
    const topic = `/api/companies/${'1'.repeat(40)}`;
    // Ends in an expression (no early suffix answer); `{+a}` parts were the regex's worst case.
    const hostile = `/api/${'{+a}'.repeat(12)}{a}{a}!{+z}`;
    const plain = '/api/companies/{id}/admins{+z}';
    const time = (selector: string) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const t0 = performance.now();
        for (let i = 0; i < 200; i++) matchTopic({ selector, topic });
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    time(hostile);
    time(plain);
    expect(matchTopic({ selector: hostile, topic })).toBe(false);
    // The regex took minutes for a dozen parts; the NFA's cost grows with the states, not exponentially.
    expect(time(hostile) / time(plain)).toBeLessThan(100);
  });

  it('bounds the number and length of selectors', () => {
    expect(findSelectorLimitProblem(['/a', '/b'])).toBeNull();
    expect(findSelectorLimitProblem(Array.from({ length: MAX_TOPIC_SELECTORS }, (_, i) => `/t/${i}`))).toBeNull();
    expect(findSelectorLimitProblem(Array.from({ length: MAX_TOPIC_SELECTORS + 1 }, (_, i) => `/t/${i}`))).toContain('At most');
    expect(findSelectorLimitProblem(['x'.repeat(MAX_SELECTOR_LENGTH)])).toBeNull();
    expect(findSelectorLimitProblem(['x'.repeat(MAX_SELECTOR_LENGTH + 1)])).toContain('characters');
    // Templates share one budget; exact selectors do not count against it.
    const template = `/a/{x}${'b'.repeat(MAX_SELECTOR_LENGTH - 6)}`;
    const fits = Array.from({ length: MAX_TEMPLATE_CHARS / MAX_SELECTOR_LENGTH }, () => template);
    expect(findSelectorLimitProblem([...fits, 'x'.repeat(MAX_SELECTOR_LENGTH)])).toBeNull();
    expect(findSelectorLimitProblem([...fits, '/{y}'])).toContain(`${MAX_TEMPLATE_CHARS} characters in all`);
  });
});
