/*
 * Splits each language's catalogue in two chunks at build time: "core", the keys the first screen (entry, shell,
 * inbox) can show, and "rest", fetched right after the first render and awaited by the other screens' lazy routes
 * (src/lib/i18n.ts). The four translation.json files stay the single source; the parts are virtual modules
 * `virtual:catalogue/<language>/<core|rest>`.
 *
 * The core key set is derived from the source, not listed by hand: every string literal (and every template literal's
 * pattern, for `t(\`status_${s}\`)`) in the files reachable from the first-screen modules. Over-inclusion only costs
 * bytes; a key missed here would show raw until the rest arrives, so react-i18next re-renders on `added` as a net.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { INBOX_ROUTE_MODULES } from './bundle-budget.js';

/** Modules whose keys form the core: the entry (static imports only: its lazy routes are other screens)... */
export const CORE_ENTRY_MODULES = ['src/main.tsx'];
/**
 * ...and the first screen's lazy modules with everything they load, lazily too (the inbox's filters and dialogs,
 * the user menu's dialogs, the notification centre), so nothing on the inbox waits for the rest. The two redirects
 * render before the inbox when the app opens at "/" or "/login" with a session.
 */
export const CORE_SCREEN_MODULES = [...INBOX_ROUTE_MODULES, 'src/app/pages/landing-redirect.tsx', 'src/app/pages/login-redirect.tsx'];

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const STRING_LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g;
const TEMPLATE_LITERAL = /`((?:[^`\\]|\\.)*)`/g;

/** Resolves an import to a source file of the web app or of @cd/contracts; packages and assets give undefined. */
function resolveImport(opts: { webRoot: string; from: string; specifier: string }): string | undefined {
  let base: string;
  if (opts.specifier.startsWith('.')) base = path.resolve(path.dirname(opts.from), opts.specifier);
  else if (opts.specifier.startsWith('@cd/contracts/')) base = path.resolve(opts.webRoot, '../contracts/src', opts.specifier.slice(14));
  else return undefined;
  if (/\.(tsx?)$/.test(base) && existsSync(base)) return base;
  for (const ext of SOURCE_EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return undefined;
}

function importsOf(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((m) => m[1]!);
}

/** Source files reachable from the given modules: static imports always, dynamic ones when `followDynamic`. */
export function collectReachableFiles(opts: { webRoot: string; entries: string[]; followDynamic: boolean; seen?: Set<string> }): Set<string> {
  const seen = opts.seen ?? new Set<string>();
  const queue = opts.entries.map((e) => path.resolve(opts.webRoot, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...importsOf(source, STATIC_IMPORT), ...(opts.followDynamic ? importsOf(source, DYNAMIC_IMPORT) : [])];
    for (const specifier of specifiers) {
      const resolved = resolveImport({ webRoot: opts.webRoot, from: file, specifier });
      if (resolved && !seen.has(resolved)) queue.push(resolved);
    }
  }
  return seen;
}

/** `status_${s}_hint` → /^status_.*_hint$/; a template with no static word part matches nothing (it is not a key). */
function templatePattern(template: string): RegExp | undefined {
  const parts = template.split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/);
  if (parts.length < 2 || !parts.every((p) => /^[A-Za-z0-9_.]*$/.test(p)) || parts.join('').length < 3) return undefined;
  return new RegExp(`^${parts.map((p) => p.replace(/\./g, '\\.')).join('.*')}$`);
}

/** The catalogue keys the given files can name: string literals that are keys, and keys matching a template. */
export function keysNamedIn(opts: { files: Iterable<string>; keys: string[] }): Set<string> {
  const known = new Set(opts.keys);
  const found = new Set<string>();
  for (const file of opts.files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(STRING_LITERAL)) {
      const literal = m[1] ?? m[2] ?? '';
      if (known.has(literal)) found.add(literal);
    }
    for (const m of source.matchAll(TEMPLATE_LITERAL)) {
      const literal = m[1]!;
      if (known.has(literal)) found.add(literal);
      const pattern = templatePattern(literal);
      if (pattern) for (const key of opts.keys) if (pattern.test(key)) found.add(key);
    }
  }
  return found;
}

/**
 * The core key set: keys named by the first screen's files, plus the server's messages (keys that are sentences,
 * not identifiers: translateMessage may show one on any screen, and there are few).
 */
export function collectCoreKeys(opts: { webRoot: string; keys: string[] }): { keys: Set<string>; files: Set<string> } {
  const files = collectReachableFiles({ webRoot: opts.webRoot, entries: CORE_ENTRY_MODULES, followDynamic: false });
  collectReachableFiles({ webRoot: opts.webRoot, entries: CORE_SCREEN_MODULES, followDynamic: true, seen: files });
  const keys = keysNamedIn({ files, keys: opts.keys });
  for (const key of opts.keys) if (!/^[A-Za-z0-9_]+$/.test(key)) keys.add(key);
  return { keys, files };
}

/** Divides a catalogue by the core key set; together the parts are the whole catalogue, each key in exactly one. */
export function splitCatalogue(opts: { catalogue: Record<string, string>; coreKeys: Set<string> }): {
  core: Record<string, string>;
  rest: Record<string, string>;
} {
  const core: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(opts.catalogue)) (opts.coreKeys.has(key) ? core : rest)[key] = value;
  return { core, rest };
}

const VIRTUAL_PREFIX = 'virtual:catalogue/';
const VIRTUAL_ID = /^virtual:catalogue\/(en|bs|hr|sr)\/(core|rest)$/;

/** The vite plugin serving `virtual:catalogue/<language>/<core|rest>` from src/locales/<language>/translation.json. */
export function catalogueSplit(opts: { webRoot: string }): Plugin {
  // One scan per build (eight parts ask for it); a watched file's change starts over.
  let cached: { keys: Set<string>; files: Set<string> } | undefined;
  const coreKeys = () => {
    const english = JSON.parse(readFileSync(path.join(opts.webRoot, 'src/locales/en/translation.json'), 'utf8')) as Record<string, string>;
    // English's key set serves every language: the catalogues test keeps the four with the same keys.
    cached ??= collectCoreKeys({ webRoot: opts.webRoot, keys: Object.keys(english) });
    return cached;
  };
  return {
    name: 'cd-catalogue-split',
    buildStart() {
      cached = undefined;
    },
    watchChange() {
      cached = undefined;
    },
    resolveId(id) {
      return VIRTUAL_ID.test(id) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return undefined;
      const [, language, part] = VIRTUAL_ID.exec(id.slice(1))!;
      const file = path.join(opts.webRoot, 'src/locales', language!, 'translation.json');
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const core = coreKeys();
      // In dev and watch builds an edit to a scanned file or a catalogue re-derives the parts.
      for (const watched of [file, ...core.files]) this.addWatchFile(watched);
      const parts = splitCatalogue({ catalogue, coreKeys: core.keys });
      return `export default ${JSON.stringify(part === 'core' ? parts.core : parts.rest)};`;
    },
  };
}
