import { describe, expect, it } from 'vitest';
import { trimPreloadDeps } from './trim-preload-deps';

type TResolve = (filename: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];
type TFakeChunk = { type: 'chunk'; imports: string[] } | { type: 'asset' };

/** The plugin's two hooks as Vite calls them: the config it adds, then generateBundle before the preload lists are written. */
function runPlugin(bundle: Record<string, TFakeChunk>): TResolve {
  const plugin = trimPreloadDeps();
  const config = (plugin.config as () => { build: { modulePreload: { resolveDependencies: TResolve } } })();
  (plugin.generateBundle as (options: unknown, bundle: Record<string, TFakeChunk>) => void)({}, bundle);
  return config.build.modulePreload.resolveDependencies;
}

describe('trimPreloadDeps', () => {
  // index imports react and mui (which imports react); page imports mui and a form chunk; settings only charts.
  const resolve = runPlugin({
    'assets/index.js': { type: 'chunk', imports: ['assets/mui.js'] },
    'assets/mui.js': { type: 'chunk', imports: ['assets/react.js'] },
    'assets/react.js': { type: 'chunk', imports: [] },
    'assets/page.js': { type: 'chunk', imports: ['assets/mui.js', 'assets/form.js'] },
    'assets/form.js': { type: 'chunk', imports: [] },
    'assets/settings.js': { type: 'chunk', imports: [] },
    'assets/index.css': { type: 'asset' },
  });

  it('drops the chunks the importer has already loaded (its static imports, transitively) and keeps the rest', () => {
    const deps = ['assets/page.js', 'assets/mui.js', 'assets/react.js', 'assets/form.js'];
    expect(resolve('assets/page.js', deps, { hostId: 'assets/index.js', hostType: 'js' })).toEqual(['assets/page.js', 'assets/form.js']);
    // Another importer that has not loaded them keeps the whole list.
    expect(resolve('assets/page.js', deps, { hostId: 'assets/settings.js', hostType: 'js' })).toEqual(deps);
  });

  it('leaves no list when only the imported chunk remains, and leaves the HTML preloads alone', () => {
    expect(resolve('assets/form.js', ['assets/form.js', 'assets/react.js'], { hostId: 'assets/index.js', hostType: 'js' })).toEqual([]);
    expect(resolve('assets/page.js', ['assets/page.js', 'assets/mui.js'], { hostId: 'index.html', hostType: 'html' })).toEqual([
      'assets/page.js',
      'assets/mui.js',
    ]);
  });
});
