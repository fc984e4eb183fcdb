import { runAnalyticsBenchmark } from './analytics-bench';
import { runApiBenchmark } from './api-bench';
import { runApiLogBenchmark } from './api-log-bench';
import { runAppointmentsBenchmark } from './appointments-bench';
import { runAutomationBenchmark } from './automation-bench';
import { runGroupBenchmark } from './group-bench';
import { runInboxBenchmark } from './inbox-bench';
import { runLiveBenchmark } from './live-bench';
import { runPaymentsBenchmark } from './payments-bench';
import { runRoutingBenchmark } from './routing-bench';
import { runScaleOutBenchmark } from './scale-out-bench';
import { runSearchBenchmark } from './search-bench';
import { runSuggestBenchmark } from './suggest-bench';
import { runSendBenchmark } from './send-bench';
import { runSurveyBenchmark } from './survey-bench';
import { runWebBenchmark } from './web-bench';
import { DEFAULT_POSTGRES_URL, probePostgres } from './setup';

const BENCHMARKS = [
  'api',
  'inbox',
  'send',
  'group',
  'live',
  'automations',
  'surveys',
  'appointments',
  'payments',
  'analytics',
  'api-log',
  'scale-out',
  'web',
  'search',
  'suggest',
  'routing',
] as const;
type TBenchmarkName = (typeof BENCHMARKS)[number];
/** These need PostgreSQL: 2 million rows and a worker pool are not what embedded PGlite is for. */
const POSTGRES_ONLY: readonly TBenchmarkName[] = ['inbox', 'send', 'group', 'live', 'automations', 'appointments', 'analytics', 'api-log', 'scale-out', 'search', 'suggest', 'routing'];

/** `npm run bench -- inbox send` runs those; no argument or `all` runs every benchmark. */
function selectBenchmarks(opts: { args: string[] }): TBenchmarkName[] {
  const args = opts.args.filter((a) => a !== '--');
  if (!args.length || args.includes('all')) return [...BENCHMARKS];
  const unknown = args.filter((a) => !(BENCHMARKS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${[...BENCHMARKS, 'all'].join(', ')}`);
  return BENCHMARKS.filter((b) => args.includes(b));
}

async function runSelected(): Promise<void> {
  const selected = selectBenchmarks({ args: process.argv.slice(2) });
  const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
  let postgresDown: string | null = null;
  if (selected.some((b) => POSTGRES_ONLY.includes(b) || b === 'surveys' || b === 'payments')) {
    postgresDown = await probePostgres({ databaseUrl: postgresUrl });
    if (postgresDown)
      console.warn(`PostgreSQL at ${postgresUrl} does not answer (${postgresDown}): skipping ${selected.filter((b) => POSTGRES_ONLY.includes(b)).join(', ')}.`);
  }
  for (const name of selected) {
    if (postgresDown && POSTGRES_ONLY.includes(name)) continue;
    console.log(`\n=== ${name} benchmark ===`);
    if (name === 'api') await runApiBenchmark();
    if (name === 'inbox') await runInboxBenchmark({ databaseUrl: postgresUrl });
    if (name === 'send') await runSendBenchmark({ databaseUrl: postgresUrl });
    if (name === 'group') await runGroupBenchmark({ databaseUrl: postgresUrl });
    if (name === 'live') await runLiveBenchmark({ databaseUrl: postgresUrl });
    if (name === 'automations') await runAutomationBenchmark({ databaseUrl: postgresUrl });
    if (name === 'appointments') await runAppointmentsBenchmark({ databaseUrl: postgresUrl });
    if (name === 'analytics') await runAnalyticsBenchmark({ databaseUrl: postgresUrl });
    if (name === 'api-log') await runApiLogBenchmark();
    if (name === 'scale-out') await runScaleOutBenchmark({ databaseUrl: postgresUrl });
    if (name === 'search') await runSearchBenchmark({ databaseUrl: postgresUrl });
    if (name === 'suggest') await runSuggestBenchmark({ databaseUrl: postgresUrl });
    if (name === 'routing') await runRoutingBenchmark({ databaseUrl: postgresUrl });
    // The built web app in Chromium on a throttled mobile profile (needs `npm run build` and /usr/bin/chromium).
    if (name === 'web') await runWebBenchmark();
    // Surveys run on both: PGlite (skip with BENCH_SURVEY_PGLITE=false), then PostgreSQL when it answers.
    if (name === 'surveys') {
      if (process.env.BENCH_SURVEY_PGLITE !== 'false') await runSurveyBenchmark({});
      if (!postgresDown) await runSurveyBenchmark({ databaseUrl: postgresUrl });
    }
    // The public payment page and the processor webhook against bare routes: PGlite, then PostgreSQL when it answers.
    if (name === 'payments') {
      await runPaymentsBenchmark({});
      if (!postgresDown) await runPaymentsBenchmark({ databaseUrl: postgresUrl });
    }
  }
}

await runSelected();
