// Checks the dependency rules of .dependency-cruiser.cjs against the baseline of known violations
// (.dependency-cruiser-known-violations.json): a violation not in the baseline fails, a baseline entry that no longer
// occurs is reported so the baseline can shrink. `--update-baseline` rewrites the baseline from the current code.
// A wrapper rather than `depcruise --ignore-known` because that flag leaves folder-level cycle violations unsoftened.
import { readFileSync, writeFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOTS = ['server/src', 'web/src', 'contracts/src'];
const BASELINE = '.dependency-cruiser-known-violations.json';

// Cycles are keyed by their two ends: the path between them may be reported through different folders run to run.
const keyOf = (v) => `${v.rule.name} ${v.from} -> ${v.to}`;
const describe = (v) => `${v.rule.name}: ${v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(' -> ') : `${v.from} -> ${v.to}`}`;

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(ROOTS, options);
const violations = output.summary.violations.filter((v) => v.rule.severity === 'error');

if (process.argv.includes('--update-baseline')) {
  const entries = [...new Map(violations.map((v) => [keyOf(v), { type: v.type, from: v.from, to: v.to, rule: v.rule }])).values()];
  entries.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  writeFileSync(BASELINE, `${JSON.stringify(entries, null, 2)}\n`);
  console.log(`dependency rules: baseline rewritten with ${entries.length} known violations`);
  process.exit(0);
}

const known = JSON.parse(readFileSync(BASELINE, 'utf8'));
const knownKeys = new Set(known.map(keyOf));
const currentKeys = new Set(violations.map(keyOf));
const fresh = violations.filter((v) => !knownKeys.has(keyOf(v)));
const gone = known.filter((v) => !currentKeys.has(keyOf(v)));

const byRule = {};
for (const v of known) byRule[v.rule.name] = (byRule[v.rule.name] ?? 0) + 1;
const perRule = Object.entries(byRule)
  .map(([name, n]) => `${name} ${n}`)
  .join(', ');
console.log(`dependency rules: ${output.summary.totalCruised} files cruised; baseline ${known.length} known violations (${perRule || 'none'})`);
if (gone.length) {
  console.log(`dependency rules: ${gone.length} baseline entries no longer occur; shrink the baseline with \`npm run lint:deps -- --update-baseline\`:`);
  for (const v of gone) console.log(`  fixed ${keyOf(v)}`);
}
if (fresh.length) {
  console.log(`dependency rules: ${fresh.length} NEW violations (not in ${BASELINE}):`);
  for (const v of fresh) console.log(`  error ${describe(v)}`);
  process.exit(1);
}
console.log('dependency rules: no new violations');
