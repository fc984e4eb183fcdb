// Flat config: typescript-eslint's recommended rules (syntax-only: the type-aware set costs a full type check per
// workspace, and `npm run typecheck` already does that) everywhere, React hooks rules for web/.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'server/data/**', 'test-results/**', 'e2e/screenshots/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names mark a deliberately unused parameter or destructured rest sibling.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // Every recommended react-hooks rule is an error (the plugin ships some as warnings): the tree is clean, so a new
    // hit fails lint instead of joining a pile of ignored warnings (docs/decisions.md, Code rules).
    rules: Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((rule) => [rule, 'error'])),
  },
  {
    // Server and web test files share their worker's modules (isolate: false, docs/testing.md): a module mock or a
    // changed environment variable would leak into the files that run after it.
    files: ['server/**/*.test.ts', 'server/test/**/*.ts', 'web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Spy on the real object and restore it (vi.spyOn + vi.restoreAllMocks).' },
        { object: 'vi', property: 'doMock', message: 'Spy on the real object and restore it (vi.spyOn + vi.restoreAllMocks).' },
        { object: 'vi', property: 'stubEnv', message: 'Pass settings to createTestApp instead of changing process.env.' },
      ],
    },
  },
  { files: ['web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ['web/public/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
