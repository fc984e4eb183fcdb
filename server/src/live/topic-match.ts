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
/** …of at most this many characters each (bounds the NFA, hence the cost of every match). */
export const MAX_SELECTOR_LENGTH = 256;

// State kinds.
const Kind = { Char: 0, Class: 1, Split: 2, Match: 3 } as const;
type TKind = (typeof Kind)[keyof typeof Kind];

type TCharTest = (code: number) => boolean;

interface TNfa {
  kind: TKind[];
  /** Char: the code unit to consume. */
  code: number[];
  /** Class: the test for the code unit to consume. */
  test: (TCharTest | null)[];
  /** Char/Class: the next state; Split: the first branch. */
  out: number[];
  /** Split: the second branch. */
  out2: number[];
  start: number;
}

const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const DOT = 0x2e;
const SEMI = 0x3b;
const AMP = 0x26;

const anyChar: TCharTest = () => true;
const segmentChar: TCharTest = (c) => c !== SLASH && c !== QUESTION && c !== HASH;
const labelChar: TCharTest = (c) => c !== SLASH && c !== QUESTION && c !== HASH && c !== DOT;
const queryStart: TCharTest = (c) => c === QUESTION || c === AMP;

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
  const nfa: TNfa = { kind: [], code: [], test: [], out: [], out2: [], start: 0 };
  const add = (kind: TKind, opts: { code?: number; test?: TCharTest; out?: number; out2?: number } = {}) => {
    nfa.kind.push(kind);
    nfa.code.push(opts.code ?? -1);
    nfa.test.push(opts.test ?? null);
    nfa.out.push(opts.out ?? -1);
    nfa.out2.push(opts.out2 ?? -1);
    return nfa.kind.length - 1;
  };
  /** `(lead body*)*` ending at `next`: `{/x}`, `{.x}`, `{;x}`. */
  const repeatedItems = (lead: number, body: TCharTest, next: number) => {
    const loop = add(Kind.Split, { out2: next });
    const inner = add(Kind.Split, { out2: loop });
    const bodyState = add(Kind.Class, { test: body, out: inner });
    nfa.out[inner] = bodyState;
    nfa.out[loop] = add(Kind.Char, { code: lead, out: inner });
    return loop;
  };
  /** `body*` ending at `next`. */
  const star = (body: TCharTest, next: number) => {
    const loop = add(Kind.Split, { out2: next });
    nfa.out[loop] = add(Kind.Class, { test: body, out: loop });
    return loop;
  };

  let next = add(Kind.Match);
  const parts = parseTemplate(selector);
  for (let p = parts.length - 1; p >= 0; p--) {
    const part = parts[p]!;
    if ('literal' in part) {
      for (let i = part.literal.length - 1; i >= 0; i--) next = add(Kind.Char, { code: part.literal.charCodeAt(i), out: next });
      continue;
    }
    const op = part.op;
    if (op === '+' || op === '#') next = star(anyChar, next);
    else if (op === '?' || op === '&') {
      // Optional: nothing, or `?`/`&` followed by anything.
      const rest = star(anyChar, next);
      next = add(Kind.Split, { out: add(Kind.Class, { test: queryStart, out: rest }), out2: next });
    } else if (op === '/') next = repeatedItems(SLASH, segmentChar, next);
    else if (op === '.') next = repeatedItems(DOT, labelChar, next);
    else if (op === ';') next = repeatedItems(SEMI, segmentChar, next);
    else {
      // One or more segment characters: one, then any number more.
      const more = star(segmentChar, next);
      next = add(Kind.Class, { test: segmentChar, out: more });
    }
  }
  nfa.start = next;
  return nfa;
}

/** Set-of-states simulation: each state is visited at most once per topic character, so no backtracking. */
function runNfa(nfa: TNfa, topic: string): boolean {
  const size = nfa.kind.length;
  let current = new Int32Array(size);
  let nextList = new Int32Array(size);
  // `seen[s] === step` marks s as already in the list being built for that step.
  const seen = new Int32Array(size).fill(-1);
  const stack = new Int32Array(size * 2 + 2);
  let step = 0;

  const addState = (list: Int32Array, count: number, state: number): number => {
    let n = count;
    let top = 0;
    stack[top++] = state;
    while (top > 0) {
      const s = stack[--top]!;
      if (s < 0 || seen[s] === step) continue;
      seen[s] = step;
      if (nfa.kind[s] === Kind.Split) {
        // Second branch pushed first so the first is explored first (order does not change the result).
        stack[top++] = nfa.out2[s]!;
        stack[top++] = nfa.out[s]!;
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
      const kind = nfa.kind[s];
      if ((kind === Kind.Char && nfa.code[s] === c) || (kind === Kind.Class && nfa.test[s]!(c))) nextCount = addState(nextList, nextCount, nfa.out[s]!);
    }
    [current, nextList] = [nextList, current];
    count = nextCount;
  }
  for (let k = 0; k < count; k++) if (nfa.kind[current[k]!] === Kind.Match) return true;
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
