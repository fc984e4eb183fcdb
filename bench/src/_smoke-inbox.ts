import { runInboxBenchmark } from './inbox-bench';
await runInboxBenchmark({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' });
