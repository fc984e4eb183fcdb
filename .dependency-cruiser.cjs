/**
 * Dependency rules of issue 12 ("Enforced, not hoped for"). `npm run lint:deps` checks them; the violations the
 * code had when the rules arrived are listed in .dependency-cruiser-known-violations.json and reported as warnings,
 * so only NEW violations fail. Shrink the baseline with `npm run lint:deps -- --update-baseline` after removing some.
 * Composition sits outside the layers: app.ts, main.ts and seed/ (demo data) wire modules and lower layers together.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-other-module-repository',
      comment: "A module reaches another module's data through that module's service, never its repository.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: '^server/src/modules/([^/]+)/[^/]+[.]repository[.]ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'no-lower-layer-to-modules',
      comment: 'lib/, db/, jobs/, live/, channels/, plugins/, dms/ and payments/ sit below the feature modules and import nothing from them.',
      severity: 'error',
      from: { path: '^server/src/(lib|db|jobs|live|channels|plugins|dms|payments)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'no-lib-to-other-layers',
      comment: 'lib/ is the bottom: plain helpers that know nothing of the database, jobs, live updates, channels, plugins or outside-system adapters.',
      severity: 'error',
      from: { path: '^server/src/lib/' },
      to: { path: '^server/src/(db|jobs|live|channels|plugins|dms|payments)/' },
    },
    {
      name: 'no-cross-feature',
      comment: 'A web feature imports only itself and shared code (lib/, components/, app/), never another feature.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'no-circular-modules',
      comment: 'Server modules form no import cycle (a cycle makes the load order, and so the wiring, fragile).',
      severity: 'error',
      // Folder scope: module A importing module B while B imports A, whichever files do it.
      scope: 'folder',
      from: { path: '^server/src/modules/[^/]+$' },
      to: { path: '^server/src/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests seed and inspect through any module's code on purpose: the rules are about the product's code.
    exclude: { path: '(^|/)(node_modules|dist|data)/|[.]test[.]tsx?$|^server/test/' },
    // Type-only imports create no runtime edge but still couple the code: they count.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
