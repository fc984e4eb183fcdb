import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A real server process (what `npm start` runs: its own event loop and pools) on a free local port, for the tests and
 * benchmarks that run several processes on one database (scale-out, live events across processes). No test
 * framework or database import: bench/ uses it too (`@cd/server/test/spawn-server`).
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TSpawnedServer {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything it wrote to stdout and stderr so far (for failure messages). */
  output(): string;
}

export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the server with `env` over this process's environment and resolves once it answers HTTP. */
export async function spawnServer(opts: { env: Record<string, string>; timeoutMs?: number }): Promise<TSpawnedServer> {
  const port = await freeLocalPort();
  const base = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => chunks.push(d.toString()));
  const server: TSpawnedServer = { child, base, output: () => chunks.join('') };
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    // Any answer means it listens; the live bus (and its Redis subscription) is ready before listen.
    const up = await fetch(`${base}/api/get_mercure_jwt`).then(
      () => true,
      () => false,
    );
    if (up) return server;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${base} did not start: ${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM first (a graceful close releases leases), SIGKILL when it hangs on idle sockets for 5 s. */
export async function stopServer(server: TSpawnedServer | undefined): Promise<void> {
  if (!server) return;
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
