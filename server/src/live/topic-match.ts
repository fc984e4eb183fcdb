/**
 * Mercure topic selectors: `*`, an exact topic, or a URI template (RFC 6570) whose `{…}` expressions stand for
 * variable parts. Matching is deliberately simple: a plain `{var}` matches one non-empty path segment (no `/?#`),
 * reserved/fragment expansions (`{+var}`, `{#var}`) match anything, query expansions (`{?a,b}`, `{&a}`) match an
 * optional query (`?…`/`&…` to the end), `{/x}` any number of `/segment`, `{.x}` of `.label`, `{;x}` of `;param`.
 * Everything outside `{…}` (and a `{` never closed) is literal.
 *
 * Selectors come from any subscriber, so matching must never backtrack: a template is compiled once into a small
 * NFA (Thompson construction) and run as a set of states over the topic, O(len(topic) × states) whatever the
 * template. A regular expression here let a few dozen characters stall the process for seconds per event.
 */

/** Per subscription: a hub request may name at most this many `topic` selectors… */
export const MAX_TOPIC_SELECTORS = 20;
/** …of at most this many characters each (bounds the NFA, hence the cost of every match)… */
export const MAX_SELECTOR_LENGTH = 256;
/** …and at most this many characters of templates in all (exact selectors cost a string comparison). */
export const MAX_TEMPLATE_CHARS = 1024;

// State kinds. A consuming state's `code` is a code unit (>= 0) or one of the classes below.
const CONSUME = 0;
const SPLIT = 1;
const MATCH = 2;
const ANY = -1;
const SEGMENT = -2; // [^/?#]
const LABEL = -3; // [^/?#.]
const QUERY_START = -4; // [?&]

const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const DOT = 0x2e;
const SEMI = 0x3b;
const AMP = 0x26;

interface TNfa {
  kind: Int32Array;
  code: Int32Array;
  /** Consume: the next state; Split: the first branch. */
  out: Int32Array;
  /** Split: the second branch. */
  out2: Int32Array;
  start: number;
  /** Literal text every match starts / ends with: a cheap early "no" for most topics. */
  prefix: string;
  suffix: string;
  // Work space reused by every run (matching is synchronous, so runs never overlap).
  current: Int32Array;
  next: Int32Array;
  seen: Int32Array;
  stack: Int32Array;
}

type TPart = { literal: string } | { op: string };

/** Splits a template into literals and expressions the way `/\{([^}]*)\}/g` would. */
function parseTemplate(selector: string): TPart[] {
  const parts: TPart[] = [];
  let last = 0;
  for (;;) {
    const open = selector.indexOf('{', last);
    const close = open < 0 ? -1 : selector.indexOf('}', open + 1);
    if (close < 0) break;
    if (open > last) parts.push({ literal: selector.slice(last, open) });
    parts.push({ op: selector.charAt(open + 1) });
    last = close + 1;
  }
  if (last < selector.length) parts.push({ literal: selector.slice(last) });
  return parts;
}

/** Thompson construction, built from the end backwards so every fragment knows where it continues. */
function compileNfa(selector: string): TNfa {
  const kind: number[] = [];
  const code: number[] = [];
  const out: number[] = [];
  const out2: number[] = [];
  const add = (k: number, c: number, o: number, o2 = -1) => {
    kind.push(k);
    code.push(c);
    out.push(o);
    out2.push(o2);
    return kind.length - 1;
  };
  /** `(lead body*)*` continuing at `next`: `{/x}`, `{.x}`, `{;x}`. */
  const repeatedItems = (lead: number, body: number, next: number) => {
    const loop = add(SPLIT, 0, -1, next);
    const inner = add(SPLIT, 0, -1, loop);
    out[inner] = add(CONSUME, body, inner);
    out[loop] = add(CONSUME, lead, inner);
    return loop;
  };
  /** `body*` continuing at `next`. */
  const star = (body: number, next: number) => {
    const loop = add(SPLIT, 0, -1, next);
    out[loop] = add(CONSUME, body, loop);
    return loop;
  };

  let next = add(MATCH, 0, -1);
  const parts = parseTemplate(selector);
  for (let p = parts.length - 1; p >= 0; p--) {
    const part = parts[p]!;
    if ('literal' in part) {
      for (let i = part.literal.length - 1; i >= 0; i--) next = add(CONSUME, part.literal.charCodeAt(i), next);
      continue;
    }
    const op = part.op;
    if (op === '+' || op === '#') next = star(ANY, next);
    // Optional: nothing, or `?`/`&` followed by anything.
    else if (op === '?' || op === '&') next = add(SPLIT, 0, add(CONSUME, QUERY_START, star(ANY, next)), next);
    else if (op === '/') next = repeatedItems(SLASH, SEGMENT, next);
    else if (op === '.') next = repeatedItems(DOT, LABEL, next);
    else if (op === ';') next = repeatedItems(SEMI, SEGMENT, next);
    // One segment character, then any number more.
    else next = add(CONSUME, SEGMENT, star(SEGMENT, next));
  }
  const size = kind.length;
  const first = parts[0];
  const last = parts[parts.length - 1];
  return {
    kind: Int32Array.from(kind),
    code: Int32Array.from(code),
    out: Int32Array.from(out),
    out2: Int32Array.from(out2),
    start: next,
    prefix: first && 'literal' in first ? first.literal : '',
    suffix: parts.length > 1 && last && 'literal' in last ? last.literal : '',
    current: new Int32Array(size),
    next: new Int32Array(size),
    seen: new Int32Array(size).fill(-1),
    stack: new Int32Array(size * 2 + 2),
  };
}

function accepts(cls: number, c: number): boolean {
  if (cls >= 0) return cls === c;
  if (cls === ANY) return true;
  if (cls === QUERY_START) return c === QUESTION || c === AMP;
  if (c === SLASH || c === QUESTION || c === HASH) return false;
  return cls === SEGMENT || c !== DOT;
}

/**
 * Set-of-states simulation: each state enters the list at most once per topic character, so the work is
 * O(len(topic) × states) and nothing is ever retried.
 */
function runNfa(nfa: TNfa, topic: string): boolean {
  if (!topic.startsWith(nfa.prefix) || !topic.endsWith(nfa.suffix)) return false;
  const { kind, code, out, out2, seen, stack } = nfa;
  let current = nfa.current;
  let nextList = nfa.next;
  seen.fill(-1);
  let step = 0;

  // Adds `state` and everything reachable from it without consuming to `list`; returns the new length.
  const addState = (list: Int32Array, count: number, state: number): number => {
    let n = count;
    let top = 0;
    stack[top++] = state;
    while (top > 0) {
      const s = stack[--top]!;
      if (seen[s] === step) continue;
      seen[s] = step;
      if (kind[s] === SPLIT) {
        stack[top++] = out2[s]!;
        stack[top++] = out[s]!;
      } else list[n++] = s;
    }
    return n;
  };

  let count = addState(current, 0, nfa.start);
  for (let i = 0; i < topic.length && count > 0; i++) {
    const c = topic.charCodeAt(i);
    step++;
    let nextCount = 0;
    for (let k = 0; k < count; k++) {
      const s = current[k]!;
      if (kind[s] === CONSUME && accepts(code[s]!, c)) nextCount = addState(nextList, nextCount, out[s]!);
    }
    const swap = current;
    current = nextList;
    nextList = swap;
    count = nextCount;
  }
  for (let k = 0; k < count; k++) if (kind[current[k]!] === MATCH) return true;
  return false;
}

// Compiled templates are reused across events; the cap keeps hostile selectors from growing memory forever.
const COMPILED = new Map<string, TNfa>();
const MAX_COMPILED = 5000;

function compiledTemplate(selector: string): TNfa {
  const cached = COMPILED.get(selector);
  if (cached) return cached;
  const nfa = compileNfa(selector);
  if (COMPILED.size >= MAX_COMPILED) COMPILED.clear();
  COMPILED.set(selector, nfa);
  return nfa;
}

export function isTemplateSelector(selector: string): boolean {
  return selector === '*' || /\{[^}]*\}/.test(selector);
}

/**
 * Why a subscription's selectors are refused (too many, too long), or null when they are fine. Bounds the work a
 * subscriber can cause per event: selectors × length × topic length.
 */
export function findSelectorLimitProblem(selectors: readonly string[]): string | null {
  if (selectors.length > MAX_TOPIC_SELECTORS) return `At most ${MAX_TOPIC_SELECTORS} "topic" parameters are allowed.`;
  if (selectors.some((s) => s.length > MAX_SELECTOR_LENGTH))
    return `A "topic" parameter may have at most ${MAX_SELECTOR_LENGTH} characters.`;
  const templateChars = selectors.filter((s) => s.includes('{')).reduce((sum, s) => sum + s.length, 0);
  if (templateChars > MAX_TEMPLATE_CHARS) return `Topic templates may have at most ${MAX_TEMPLATE_CHARS} characters in all.`;
  return null;
}

/** True when `topic` is selected by `selector`. */
export function matchTopic(opts: { selector: string; topic: string }): boolean {
  const { selector, topic } = opts;
  if (selector === '*' || selector === topic) return true;
  if (!selector.includes('{')) return false;
  return runNfa(compiledTemplate(selector), topic);
}

/** True when at least one of `topics` is selected by at least one of `selectors`. */
export function matchAnyTopic(opts: { selectors: readonly string[]; topics: readonly string[] }): boolean {
  for (const topic of opts.topics) for (const selector of opts.selectors) if (matchTopic({ selector, topic })) return true;
  return false;
}
