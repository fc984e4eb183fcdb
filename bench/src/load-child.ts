import autocannon from 'autocannon';
import type { TLoadOptions, TLoadSample } from './load';

// Entry of the load-generator child process (see measureLoad): one warm-up run, then one measured run.
process.once('message', async (opts: TLoadOptions) => {
  const base = { url: opts.url, connections: opts.connections, headers: { authorization: `Bearer ${opts.token}` } };
  if (opts.warmupSeconds > 0) await autocannon({ ...base, duration: opts.warmupSeconds });

  // autocannon reports p97.5 and p99 but no p95, so every latency is kept (autocannon also records non-2xx ones).
  const latencies: number[] = [];
  const instance = autocannon({ ...base, duration: opts.seconds });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(Math.round(ms * 1000) / 1000));
  const result = await instance;

  const sample: TLoadSample = {
    requests: result.requests.total,
    durationSeconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    latencies,
  };
  process.send!(sample, () => process.disconnect());
});
