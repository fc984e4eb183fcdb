import path from 'node:path';

/**
 * When CI_REPORT_DIR is set (by .ci/run), each suite also writes a JSON report there so the CI script can print
 * one "N passed, N failed" total across every workspace and database.
 */
/** @param {string} suite */
export function ciReporters(suite) {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return ['default'];
  const variant = process.env.DATABASE_URL ? 'postgres' : 'embedded';
  return ['default', ['json', { outputFile: path.join(dir, `${suite}-${variant}.json`) }]];
}
