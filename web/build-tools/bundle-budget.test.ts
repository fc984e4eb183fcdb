import { describe, expect, it } from 'vitest';
import { collectFiles, entryKeys, type TManifest } from './bundle-budget';

/** A build shaped like the app's: an entry with shared chunks, lazy routes sharing a chunk, a lazy-only catalogue. */
const manifest: TManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js', '_mui-1.js'],
    dynamicImports: ['src/shell.tsx', 'src/en.json'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_mui-1.js': { file: 'assets/mui-1.js', imports: ['_react-1.js'] },
  'src/shell.tsx': { file: 'assets/shell-1.js', isDynamicEntry: true, imports: ['_mui-1.js', '_textfield-1.js'], dynamicImports: ['src/settings.tsx'] },
  'src/inbox.tsx': { file: 'assets/inbox-1.js', isDynamicEntry: true, imports: ['_textfield-1.js', '_phone-1.js'], css: ['assets/inbox-1.css'] },
  '_textfield-1.js': { file: 'assets/textfield-1.js', imports: ['_mui-1.js'] },
  '_phone-1.js': { file: 'assets/phone-1.js' },
  'src/settings.tsx': { file: 'assets/settings-1.js', isDynamicEntry: true, imports: ['_charts-1.js'] },
  '_charts-1.js': { file: 'assets/charts-1.js' },
  'src/en.json': { file: 'assets/en-1.js', isDynamicEntry: true },
};

describe('the bundle budget walks the build manifest', () => {
  it('finds the entry and, before any route, only what it imports statically', () => {
    expect(entryKeys({ manifest })).toEqual(['index.html']);
    const critical = collectFiles({ manifest, keys: ['index.html'] });
    expect(critical.js.sort()).toEqual(['assets/index-1.js', 'assets/mui-1.js', 'assets/react-1.js']);
    expect(critical.css).toEqual(['assets/index-1.css']);
  });

  it("adds a route's lazy chunks with their imports once each, and not the chunks they only load on demand", () => {
    const inbox = collectFiles({ manifest, keys: ['index.html', 'src/shell.tsx', 'src/inbox.tsx'] });
    expect(inbox.js.sort()).toEqual([
      'assets/inbox-1.js',
      'assets/index-1.js',
      'assets/mui-1.js',
      'assets/phone-1.js',
      'assets/react-1.js',
      'assets/shell-1.js',
      'assets/textfield-1.js',
    ]);
    expect(inbox.css.sort()).toEqual(['assets/inbox-1.css', 'assets/index-1.css']);
  });

  it('refuses a route module the build does not have', () => {
    expect(() => collectFiles({ manifest, keys: ['src/renamed.tsx'] })).toThrow(/no chunk for src\/renamed.tsx/);
  });
});
