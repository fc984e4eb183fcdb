import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { collectCoreKeys, CORE_ENTRY_MODULES, CORE_SCREEN_MODULES, keysNamedIn, splitCatalogue } from './catalogue-split';

const webRoot = path.resolve(__dirname, '..');
const catalogueOf = (language: string) =>
  JSON.parse(readFileSync(path.join(webRoot, 'src/locales', language, 'translation.json'), 'utf8')) as Record<string, string>;
const en = catalogueOf('en');
const core = collectCoreKeys({ webRoot, keys: Object.keys(en) });

/**
 * An independent reading of the first screen, with TypeScript's parser and module resolution instead of the plugin's
 * regular expressions: the files reachable from the entry (static imports) and from the first screen's modules
 * (static and dynamic imports), and every key they pass to t() as a literal or a template.
 */
function firstScreenCalls(): { literals: Map<string, string>; templates: { file: string; pattern: RegExp }[] } {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
  };
  const host = ts.createCompilerHost(options);
  const literals = new Map<string, string>();
  const templates: { file: string; pattern: RegExp }[] = [];
  const seen = new Set<string>();
  const visitFile = (file: string, followDynamic: boolean) => {
    if (seen.has(`${file}:${followDynamic}`) || seen.has(`${file}:true`)) return;
    seen.add(`${file}:${followDynamic}`);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const next: string[] = [];
    const resolve = (specifier: string) => {
      const specifierPath = specifier.startsWith('@cd/contracts/') ? path.resolve(webRoot, '../contracts/src', specifier.slice(14)) : specifier;
      const resolved = ts.resolveModuleName(specifierPath, file, options, host).resolvedModule?.resolvedFileName;
      if (resolved && !resolved.includes('node_modules') && /\.tsx?$/.test(resolved) && !resolved.endsWith('.d.ts')) next.push(resolved);
    };
    const walk = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) resolve(node.moduleSpecifier.text);
      if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        resolve(node.moduleSpecifier.text);
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const arg = node.arguments[0];
        if (followDynamic && callee.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg)) resolve(arg.text);
        const isT = (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
        if (isT && arg && ts.isStringLiteralLike(arg)) literals.set(arg.text, path.relative(webRoot, file));
        if (isT && arg && ts.isTemplateExpression(arg)) {
          const parts = [arg.head.text, ...arg.templateSpans.map((span) => span.literal.text)];
          templates.push({ file: path.relative(webRoot, file), pattern: new RegExp(`^${parts.join('.*')}$`) });
        }
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    for (const file of next) visitFile(file, followDynamic);
  };
  for (const entry of CORE_ENTRY_MODULES) visitFile(path.join(webRoot, entry), false);
  for (const entry of CORE_SCREEN_MODULES) visitFile(path.join(webRoot, entry), true);
  return { literals, templates };
}

describe('the catalogue split', () => {
  it("puts every key the first screen's files pass to t() in the core", () => {
    const { literals, templates } = firstScreenCalls();
    // The walk found the inbox and the shell, not only the entry.
    expect([...literals.values()]).toEqual(expect.arrayContaining(['src/features/conversations/components/inbox-panel.tsx', 'src/app/shell/user-menu.tsx']));
    const missing = [...literals].filter(([key]) => key in en && !core.keys.has(key)).map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
    for (const { file, pattern } of templates) {
      const matching = Object.keys(en).filter((key) => pattern.test(key));
      expect({ file, pattern: String(pattern), missing: matching.filter((key) => !core.keys.has(key)) }).toEqual({
        file,
        pattern: String(pattern),
        missing: [],
      });
    }
  });

  it("keeps the other screens' keys out of the core and the server's sentences in it", () => {
    expect(core.keys.size).toBeLessThan(Object.keys(en).length * 0.4);
    // Company settings tabs are not on the first screen.
    expect(Object.keys(en).filter((key) => key.startsWith('settings_tab_') && core.keys.has(key))).toEqual([]);
    expect(core.keys.has('Expired JWT Token')).toBe(true);
  });

  it('divides each language into two parts that together are the catalogue, each key in one', () => {
    for (const language of ['en', 'bs', 'hr', 'sr']) {
      const catalogue = catalogueOf(language);
      const { core: corePart, rest } = splitCatalogue({ catalogue, coreKeys: core.keys });
      expect(Object.keys(corePart).filter((key) => key in rest)).toEqual([]);
      expect({ ...corePart, ...rest }).toEqual(catalogue);
      expect(Object.keys(corePart).sort()).toEqual([...core.keys].sort());
    }
  });

  it('names keys by string literals and by templates with a fixed part, not by other text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-split-'));
    const file = path.join(dir, 'sample.tsx');
    writeFileSync(file, "const a = t('alpha_one');\nconst b = t(`beta_${kind}`);\n// alpha_two only in a comment\nconst c = `${x}px`;\n");
    const keys = ['alpha_one', 'alpha_two', 'beta_x', 'beta_y', 'gamma_px_no'];
    expect([...keysNamedIn({ files: [file], keys })].sort()).toEqual(['alpha_one', 'beta_x', 'beta_y']);
  });
});
