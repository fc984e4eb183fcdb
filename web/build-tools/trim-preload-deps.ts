import type { Plugin } from 'vite';

/**
 * Vite lists, at every dynamic import, the chunks to preload with it: the imported chunk and everything it imports
 * statically, written into the importing chunk (`__vite__mapDeps([...])`). The list also names the chunks the importer
 * itself imports statically (React, MUI's core, the i18n runtime…), which are necessarily loaded already when its code
 * runs: preloading them again does nothing, but the router's forty lazy screens repeated them in the entry chunk, about
 * 2.5 KB gzip of the inbox route (docs/performance.md). This plugin drops them from the lists; what the browser
 * fetches, and when, does not change.
 */
export function trimPreloadDeps(): Plugin {
  /** For each chunk, every chunk loaded before its code runs (its static imports, transitively). */
  const loadedBefore = new Map<string, Set<string>>();
  return {
    name: 'trim-preload-deps',
    apply: 'build',
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies(filename, deps, context) {
              const loaded = context.hostType === 'js' ? loadedBefore.get(context.hostId) : undefined;
              if (!loaded) return deps;
              const kept = deps.filter((dep) => !loaded.has(dep));
              // Only the imported chunk left: import() fetches it anyway, as Vite does for a chunk without imports.
              return kept.length === 1 && kept[0] === filename ? [] : kept;
            },
          },
        },
      };
    },
    // Runs before Vite's own generateBundle step that writes the preload lists (a post plugin), so the map is ready.
    generateBundle(_options, bundle) {
      loadedBefore.clear();
      const importsOf = (file: string): readonly string[] => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? chunk.imports : [];
      };
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const seen = new Set<string>();
        const stack = [...importsOf(file)];
        while (stack.length > 0) {
          const next = stack.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...importsOf(next));
        }
        loadedBefore.set(file, seen);
      }
    },
  };
}
