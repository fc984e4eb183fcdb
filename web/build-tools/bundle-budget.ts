/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path or `_shared-chunk.js`. */
export interface TManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type TManifest = Record<string, TManifestChunk>;

/** The budgets of issue 15, in bytes of gzip. */
export const BUDGETS = {
  /** Everything the browser must fetch before the first route renders (JS and CSS). */
  criticalPath: 250 * 1024,
  /** All JavaScript /communication/inbox loads, the route's lazy chunks included. */
  inboxJs: 170 * 1024,
} as const;

/** The lazy route modules /communication/inbox renders, outermost first (web/src/app/router.tsx). */
export const INBOX_ROUTE_MODULES = [
  'src/app/shell/app-shell.tsx',
  'src/features/conversations/components/communication-layout.tsx',
  'src/features/conversations/components/select-conversation-pane.tsx',
];

/**
 * The files the browser loads for the given manifest keys: each key's chunk, the chunks it imports statically
 * (transitively, as the preloads of a dynamic import do) and their CSS. Dynamic imports are not followed: they load
 * only when the code asks for them. Throws on a key the manifest does not have, so a renamed route is noticed.
 */
export function collectFiles(opts: { manifest: TManifest; keys: string[] }): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = opts.manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of opts.keys) visit(key);
  return { js: [...js], css: [...css] };
}

/** The manifest keys of the app's entry chunks (index.html's module script). */
export function entryKeys(opts: { manifest: TManifest }): string[] {
  return Object.entries(opts.manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
}
