/**
 * `npm run -w server analytics:rebuild [company id…]`: drops the analytics rollups and recomputes them from the
 * messages (docs/metrics.md "Rebuilding"). Uses the same database settings as the server (DATABASE_URL or DATA_DIR).
 */
import { openDatabase } from '../../app';
import { loadConfig } from '../../config';
import { rebuildAllRollups } from './analytics-jobs';

const ids = process.argv.slice(2).map(Number);
if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
  console.error('Usage: analytics:rebuild [company id …]');
  process.exit(2);
}
const db = await openDatabase(loadConfig());
const started = Date.now();
try {
  const done = await rebuildAllRollups({ db, companyIds: ids.length ? ids : undefined });
  console.log(`Rebuilt ${done.days} days of ${done.companies} companies in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.close();
}
