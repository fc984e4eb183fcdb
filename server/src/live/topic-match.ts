/**
 * Mercure topic selectors: `*`, an exact topic, or a URI template (RFC 6570) whose `{…}` expressions stand for
 * variable parts. Matching is deliberately simple: a plain `{var}` matches one path segment, reserved/fragment
 * expansions (`{+var}`, `{#var}`) match anything, query expansions (`{?a,b}`, `{&a}`) match an optional query.
 */

// Compiled templates are reused across events; the cap keeps hostile selectors from growing memory forever.
const COMPILED = new Map<string, RegExp>();
const MAX_COMPILED = 5000;

export function isTemplateSelector(selector: string): boolean {
  return selector === '*' || /\{[^}]*\}/.test(selector);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\{}/]/g, '\\$&');
}

function compileTemplate(selector: string): RegExp {
  const cached = COMPILED.get(selector);
  if (cached) return cached;
  let pattern = '';
  let last = 0;
  for (const m of selector.matchAll(/\{([^}]*)\}/g)) {
    pattern += escapeRegExp(selector.slice(last, m.index));
    const op = m[1]!.charAt(0);
    if (op === '+' || op === '#') pattern += '.*';
    else if (op === '?' || op === '&') pattern += '(?:[?&].*)?';
    else if (op === '/') pattern += '(?:/[^/?#]*)*';
    else if (op === '.') pattern += '(?:\\.[^/?#.]*)*';
    else if (op === ';') pattern += '(?:;[^/?#]*)*';
    else pattern += '[^/?#]+';
    last = m.index + m[0].length;
  }
  pattern += escapeRegExp(selector.slice(last));
  const re = new RegExp(`^${pattern}$`);
  if (COMPILED.size >= MAX_COMPILED) COMPILED.clear();
  COMPILED.set(selector, re);
  return re;
}

/** True when `topic` is selected by `selector`. */
export function matchTopic(opts: { selector: string; topic: string }): boolean {
  const { selector, topic } = opts;
  if (selector === '*' || selector === topic) return true;
  if (!selector.includes('{')) return false;
  return compileTemplate(selector).test(topic);
}

/** True when at least one of `topics` is selected by at least one of `selectors`. */
export function matchAnyTopic(opts: { selectors: readonly string[]; topics: readonly string[] }): boolean {
  for (const topic of opts.topics) for (const selector of opts.selectors) if (matchTopic({ selector, topic })) return true;
  return false;
}
