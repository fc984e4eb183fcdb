import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './helpers';

/** A real server process (what `npm start` runs) for tests that must kill one; its output is kept for failures. */
export interface TServerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no graceful shutdown, no chance to commit anything in flight. */
  kill(): Promise<void>;
}

export async function startServerProcess(opts: { env: Record<string, string> }): Promise<TServerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      WORKER_POLL_MS: '100',
      // A killed worker's jobs become claimable again quickly.
      WORKER_LEASE_SECONDS: '2',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return {
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function waitFor(check: () => Promise<boolean> | boolean, opts: { timeoutMs: number; what: () => string }) {
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${opts.what()}`);
}
