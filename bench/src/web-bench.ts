import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '@cd/server/src/seed/seed';
import { writeResultFile } from './results';
import { percentileOf, roundTo } from './stats';
import { BENCH_ADMIN_EMAIL } from './setup';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOADS = Number(process.env.WEB_BENCH_LOADS ?? 5);
/** Issue 15's mobile profile: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, a CPU four times slower. */
const MOBILE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
/** A row of the inbox list: the screen a person came for is there. */
const INBOX_READY = '[data-testid="inbox-list"] [role="option"]';

interface TVariant {
  name: string;
  /** A checkout with web/dist built and node_modules installed (or linked). */
  root: string;
}

interface TLoadFigures {
  jsBytes: number;
  cssBytes: number;
  allBytes: number;
  jsFiles: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  inboxReadyMs: number;
}

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

/** Starts a checkout's product the way `npm start` does (built web + API, embedded database with demo data). */
async function startProduct(variant: TVariant): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  if (!existsSync(path.join(variant.root, 'web/dist/index.html'))) throw new Error(`${variant.root}/web/dist is missing: build it first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-web-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(variant.root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant.name} server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${variant.name} server did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/public/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(baseUrl: string): Promise<{ token: string; refresh_token: string }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()) as { token: string; refresh_token: string };
}

/** One cold load of the inbox (new browser context: empty cache) on the throttled mobile profile. */
async function loadInbox(opts: { browser: Browser; baseUrl: string; session: { token: string; refresh_token: string } }): Promise<TLoadFigures> {
  const context = await opts.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('language', 'en');
    }, opts.session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const types = new Map<string, string>();
    const figures = { jsBytes: 0, cssBytes: 0, allBytes: 0, jsFiles: 0 };
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    // encodedDataLength: the bytes on the wire, headers included, after any content coding.
    cdp.on('Network.loadingFinished', (e) => {
      figures.allBytes += e.encodedDataLength;
      const type = types.get(e.requestId);
      if (type === 'Script') {
        figures.jsBytes += e.encodedDataLength;
        figures.jsFiles++;
      }
      if (type === 'Stylesheet') figures.cssBytes += e.encodedDataLength;
    });
    await page.goto(`${opts.baseUrl}/communication/inbox`, { waitUntil: 'commit' });
    await page.locator(INBOX_READY).first().waitFor({ timeout: 120_000 });
    const inboxReadyMs = await page.evaluate(() => performance.now());
    // Let the requests the screen started finish so their bytes count (the live stream never finishes: not counted).
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    const paints = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime])));
    return {
      ...figures,
      firstPaintMs: paints['first-paint'] ?? NaN,
      firstContentfulPaintMs: paints['first-contentful-paint'] ?? NaN,
      inboxReadyMs,
    };
  } finally {
    await context.close();
  }
}

function medianOf(values: number[]): number {
  return percentileOf({ sorted: [...values].sort((a, b) => a - b), q: 0.5 });
}

/**
 * `npm run bench -- web`: cold loads of /communication/inbox, signed in, on a throttled mobile profile, counting the
 * bytes on the wire (CDP) and reading first paint, first contentful paint and the first inbox row. With
 * WEB_BENCH_BASELINE=<another checkout with web/dist built> both run in the same session, loads interleaved, and the
 * report gives after/before ratios (docs/performance.md: ratios in one run, never absolute times across runs).
 */
export async function runWebBenchmark(): Promise<void> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath) || !existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
    console.warn(`skipping web: it needs ${chromiumPath} and a built web app (npm run build)`);
    return;
  }
  const variants: TVariant[] = [{ name: 'current', root: REPO_ROOT }];
  if (process.env.WEB_BENCH_BASELINE) variants.unshift({ name: 'baseline', root: path.resolve(process.env.WEB_BENCH_BASELINE) });
  const servers = [];
  for (const v of variants) servers.push(await startProduct(v));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const sessions = await Promise.all(servers.map((s) => signIn(s.baseUrl)));
    // A warm-up load each (the server's first answers compile routes and fill the database cache), not counted.
    for (let i = 0; i < servers.length; i++) await loadInbox({ browser, baseUrl: servers[i]!.baseUrl, session: sessions[i]! });
    const samples: TLoadFigures[][] = variants.map(() => []);
    for (let round = 0; round < LOADS; round++)
      for (let i = 0; i < servers.length; i++) samples[i]!.push(await loadInbox({ browser, baseUrl: servers[i]!.baseUrl, session: sessions[i]! }));
    const keys = ['jsBytes', 'cssBytes', 'allBytes', 'jsFiles', 'firstPaintMs', 'firstContentfulPaintMs', 'inboxReadyMs'] as const;
    const medians = samples.map((list) => Object.fromEntries(keys.map((k) => [k, roundTo({ value: medianOf(list.map((s) => s[k])), digits: 0 })])));
    console.log(`${LOADS} cold loads each of /communication/inbox, 390 px mobile, 1.6 Mbps / 750 Kbps / 150 ms RTT, CPU ${CPU_SLOWDOWN}x slower; medians:`);
    console.table(Object.fromEntries(variants.map((v, i) => [v.name, medians[i]])));
    const report: Record<string, unknown> = {
      loads: LOADS,
      network: MOBILE_NETWORK,
      cpuSlowdown: CPU_SLOWDOWN,
      variants: variants.map((v, i) => ({ ...v, medians: medians[i], samples: samples[i] })),
    };
    if (variants.length === 2) {
      const ratios = Object.fromEntries(keys.map((k) => [k, roundTo({ value: medians[1]![k]! / medians[0]![k]!, digits: 2 })]));
      console.log('current / baseline:');
      console.table({ ratio: ratios });
      report.ratios = ratios;
    }
    console.log(`written ${writeResultFile({ name: 'web', report })}`);
  } finally {
    await browser.close();
    for (const s of servers) await s.stop();
  }
}
