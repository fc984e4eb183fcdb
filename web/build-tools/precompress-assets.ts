import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser fetches; source maps are left out (only developer tools ask for them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Under about one packet a compressed copy saves no round trip. */
const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `name.br` (brotli at its best quality) and `name.gz` (gzip level 9) next to a file, each only when smaller. */
async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotliAsync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Precompresses the build output once, so the server sends files as they are (its static plugin picks `.br` or
 * `.gz` by Accept-Encoding) instead of compressing each response, and can afford brotli's slowest, smallest setting.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'cd-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the build manifest, which only build tools read (the server does not serve dot folders).
      const files = (await listFiles(outDir)).filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`));
      const sizes = await Promise.all(files.map(async (f) => (await readFile(f)).length));
      await Promise.all(files.filter((_f, i) => sizes[i]! >= MIN_BYTES).map(compressFile));
    },
  };
}
