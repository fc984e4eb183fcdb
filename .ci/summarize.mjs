// Sums the Vitest JSON reports written by every suite and prints the closing "N passed, N failed" line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const failures = [];
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of files.sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  // Suites that crashed before running count their failed files so a broken suite never reads as green.
  const suiteFailures = report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0;
  passed += report.numPassedTests;
  failed += report.numFailedTests + suiteFailures;
  console.log(`${file.replace(/\.json$/, '').padEnd(24)} ${report.numPassedTests} passed, ${report.numFailedTests + suiteFailures} failed`);
  for (const suite of report.testResults ?? []) {
    const name = path.relative(process.cwd(), suite.name ?? '');
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed'))
      failures.push(`${file}: ${name}: ${firstLine(suite.message)}`);
    for (const a of suite.assertionResults ?? [])
      if (a.status === 'failed') failures.push(`${file}: ${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
}
// Named at the end, next to the totals, so a short excerpt of the log still says what failed.
for (const line of failures.slice(0, 20)) console.log(`FAILED ${line}`);
const expected = ['lint', 'typecheck', 'contracts-embedded', 'server-embedded', 'web-embedded', 'e2e-embedded'];
for (const name of expected) {
  if (!files.includes(`${name}.json`)) {
    console.log(`${name.padEnd(24)} did not run`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}
process.exit(failed > 0 ? 1 : 0);
