import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

/** Issue 21: the website chat widget must stay under 30 KB gzip (it loads on the company's own pages). */
export const WIDGET_BUDGET_GZIP = 30 * 1024;

/** Builds web/widget/widget.ts alone (no framework, one IIFE file) to `outDir/v1.js`; returns its path. */
export async function buildWidget(opts: { webRoot: string; outDir: string }): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: opts.webRoot,
    build: {
      outDir: opts.outDir,
      emptyOutDir: false,
      sourcemap: false,
      minify: true,
      target: 'es2020',
      lib: { entry: path.join(opts.webRoot, 'widget/widget.ts'), formats: ['iife'], name: 'CourierDeskWebchat', fileName: () => 'v1.js' },
    },
  });
  return path.join(opts.outDir, 'v1.js');
}

/**
 * Part of `npm run build`: after the SPA is written, the widget is built to dist/widget/v1.js with its .gz and .br
 * siblings (served by the server's static plugin as /widget/v1.js), and the build fails when it is over budget.
 */
export function widgetBundle(opts: { webRoot: string }): Plugin {
  return {
    name: 'courier-desk-widget',
    apply: 'build',
    async closeBundle() {
      // configFile: false — a plain library build, none of the SPA's plugins.
      const file = await buildWidget({ webRoot: opts.webRoot, outDir: path.join(opts.webRoot, 'dist/widget') });
      const data = readFileSync(file);
      const gz = gzipSync(data, { level: 9 });
      if (gz.length > WIDGET_BUDGET_GZIP) throw new Error(`widget/v1.js is ${gz.length} bytes gzip, over the ${WIDGET_BUDGET_GZIP} budget`);
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, brotliCompressSync(data));
    },
  };
}
