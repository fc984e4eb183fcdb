/*
 * `npm run budget`: builds the web app, then prints the gzip size of what the browser loads before any route and
 * for /communication/inbox against the budgets of issue 15, and exits 1 when over. Sizes, not times: it cannot flake.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUDGETS, collectFiles, entryKeys, INBOX_ROUTE_MODULES, START_CATALOGUE, type TManifest } from './bundle-budget';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as TManifest;

function sizesOf(files: string[]): { raw: number; gzip: number; brotli: number } {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const data = readFileSync(path.join(dist, file));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
    brotli += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  }
  return { raw, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const entries = [...entryKeys({ manifest }), START_CATALOGUE];
const critical = collectFiles({ manifest, keys: entries });
const inbox = collectFiles({ manifest, keys: [...entries, ...INBOX_ROUTE_MODULES] });

const rows: { what: string; files: string[]; budget?: { target: number; ceiling: number } }[] = [
  { what: 'critical path (JS + CSS before any route)', files: [...critical.js, ...critical.css], budget: BUDGETS.criticalPath },
  { what: '/communication/inbox JS', files: inbox.js, budget: BUDGETS.inboxJs },
  { what: '/communication/inbox JS + CSS', files: [...inbox.js, ...inbox.css] },
];
let over = false;
for (const row of rows) {
  const s = sizesOf(row.files);
  let verdict = '';
  if (row.budget) {
    const { target, ceiling } = row.budget;
    verdict = s.gzip <= target ? `  target ${kb(target)} met` : `  target ${kb(target)} NOT met (${kb(s.gzip - target)} over)`;
    if (s.gzip > ceiling) {
      over = true;
      verdict += `; OVER THE CEILING ${kb(ceiling)}`;
    } else if (ceiling !== target) verdict += `; under the ceiling ${kb(ceiling)}`;
  }
  console.log(`${row.what}: ${row.files.length} files, ${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli${verdict}`);
}
// zod (about 26 KB gzip) is for forms and lazy screens: one import of a schema module from the shell or the inbox
// pulled it onto the route once (issue 21), unnoticed until the ceiling broke. Named here so it cannot recur quietly.
const zodOnInbox = inbox.js.filter((file) => {
  const map = path.join(dist, `${file}.map`);
  try {
    return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('node_modules/zod/'));
  } catch {
    return false;
  }
});
if (zodOnInbox.length > 0) {
  over = true;
  console.error(`zod is on the /communication/inbox route (${zodOnInbox.join(', ')}): import limits from a zod-free contracts module`);
}
if (process.argv.includes('--files'))
  for (const file of inbox.js) console.log(`  ${file}  ${kb(gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length)}`);
if (over) {
  console.error('bundle budget exceeded (a ceiling, not only a target): see docs/performance.md ("Web: bundle and delivery") for what keeps the entry small');
  process.exit(1);
}
