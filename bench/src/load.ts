import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface TLoadOptions {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** One measured autocannon run: every response latency (ms) so percentiles can be computed exactly. */
export interface TLoadSample {
  requests: number;
  durationSeconds: number;
  non2xx: number;
  errors: number;
  latencies: number[];
}

const CHILD = fileURLToPath(new URL('./load-child.ts', import.meta.url));

/**
 * Generates load from a child process: on 2 cores, autocannon on the servers' event loop would steal the
 * time being measured. The child inherits tsx through process.execArgv.
 */
export function measureLoad(opts: TLoadOptions): Promise<TLoadSample> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (sample) => resolve(sample as TLoadSample));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited with code ${code} before reporting`)));
    child.send(opts);
  });
}
