// `npm test`: every suite in turn. A failing suite does not stop the others (so one flaky test never hides the
// rest of the run); the exit code is non-zero when any failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['contracts', ['run', 'test', '-w', 'contracts']],
  ['server', ['run', 'test', '-w', 'server']],
  ['web', ['run', 'test', '-w', 'web']],
  // .ci/run builds the same tree for the bundle budget just before and says so: no second build.
  ...(process.env.CI_WEB_BUILT === '1' && existsSync('web/dist/index.html') ? [] : [['build', ['run', 'build']]]),
  ['e2e', ['run', 'test', '-w', 'e2e'], 'build'],
];
const failed = [];
for (const [name, args, needs] of steps) {
  if (needs && failed.includes(needs)) {
    console.log(`\n== ${name}: skipped (${needs} failed)`);
    failed.push(name);
    continue;
  }
  console.log(`\n== ${new Date().toISOString().slice(11, 19)} ${name}: npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll suites passed');
process.exit(failed.length ? 1 : 0);
