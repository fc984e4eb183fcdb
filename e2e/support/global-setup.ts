import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFakeTwilio } from '../../server/test/fakes/fake-twilio';
import { startFakeWhatsApp } from '../../server/test/fakes/fake-whatsapp';
import { startFakeListingSite } from './fake-listing-site';
import { e2eSlots } from './slots';

/** One running copy of the product and the fakes it talks to. */
export interface TE2eServer {
  baseUrl: string;
  dataDir: string;
  twilio: { baseUrl: string; accountSid: string; authToken: string };
  whatsapp: { baseUrl: string; accessToken: string; appSecret: string; phoneNumberId: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per test worker (support/slots.ts); support/server.ts picks the current worker's. */
    servers: TE2eServer[];
    /** The local real-estate site "generate from URL" reads (issue 18); read-only, so shared. */
    listingSite: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // The first start seeds the demo (six weeks of history, rollups, job runs): generous on a loaded 2-core machine.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/public/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/** Starts the real product (built web + API, embedded database with demo data) the way `npm start` does, once per slot. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  const listingSite = await startFakeListingSite();
  const started = await Promise.all(Array.from({ length: e2eSlots() }, () => startServer()));
  project.provide('servers', started.map((s) => s.server));
  project.provide('listingSite', listingSite.baseUrl);
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    await listingSite.close();
  };
}

/**
 * After the run: the server's log goes to e2e/server-logs/ (kept for a failing test's forensics; CI prints where),
 * and its error-level lines are printed, at most MAX_ERRORS_SHOWN, since a failing browser test often only says that
 * something did not appear.
 */
const MAX_ERRORS_SHOWN = 20;

function reportServerErrors(opts: { baseUrl: string; output: string }): void {
  const dir = path.join(ROOT, 'e2e/server-logs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `server-${new URL(opts.baseUrl).port}.log`);
  writeFileSync(file, opts.output);
  const errors = opts.output.split('\n').filter((line) => /"level":(50|60)/.test(line));
  if (!errors.length) return;
  console.log(`\n== server ${opts.baseUrl}: ${errors.length} error line(s) in its log (${path.relative(ROOT, file)}), the last ${Math.min(errors.length, MAX_ERRORS_SHOWN)}:`);
  for (const line of errors.slice(-MAX_ERRORS_SHOWN)) console.log(line.length > 600 ? `${line.slice(0, 600)}…` : line);
}

async function startServer(): Promise<{ server: TE2eServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-e2e-'));
  // A fake SMS provider speaking Twilio's API; tests read what it received through its own list endpoint.
  const twilio = await startFakeTwilio();
  const whatsapp = await startFakeWhatsApp();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
      DATABASE_URL: '',
      REVISION: 'e2e',
      TWILIO_BASE_URL: twilio.baseUrl,
      // Automated and group sends would otherwise wait for the sending window depending on when CI runs.
      QUIET_HOURS: 'false',
      WHATSAPP_GRAPH_URL: whatsapp.baseUrl,
      // Test-only: the SSRF-safe fetch may reach the local listing site although it is on loopback.
      SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      // Test-only: /api/test/reports/sweep, the report slot's test clock.
      TEST_HOOKS: 'true',
      // The support form sends its questions here (the mail drop under DATA_DIR/mail; management.e2e.ts reads it).
      SUPPORT_EMAIL: 'support@courier-desk.example.com',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitForHealth(baseUrl, child, () => output);
  return {
    server: {
      baseUrl,
      dataDir,
      twilio: { baseUrl: twilio.baseUrl, accountSid: twilio.accountSid, authToken: twilio.authToken },
      whatsapp: { baseUrl: whatsapp.baseUrl, accessToken: whatsapp.accessToken, appSecret: whatsapp.appSecret, phoneNumberId: whatsapp.phoneNumberId },
    },
    stop: async () => {
      reportServerErrors({ baseUrl, output });
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await twilio.close();
      await whatsapp.close();
    },
  };
}
