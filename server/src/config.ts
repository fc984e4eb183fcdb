import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Redis pub/sub channel of live events; deployments sharing one Redis must use different ones. */
  REDIS_CHANNEL: z.string().min(1).max(200).default('courier:live'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Courier Desk <no-reply@courierdesk.local>'),
  /** Who push services may contact about our pushes (VAPID `sub`): a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL').optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** Signs the live-stream (Mercure) subscriber tokens; deliberately not the API secret. */
  MERCURE_JWT_SECRET: z.string().min(32).optional(),
  /** An external Mercure hub handed to browsers by get_mercure_jwt (unset: the built-in hub at /.well-known/mercure). */
  MERCURE_HUB_URL: z.union([z.string().url(), z.literal('')]).optional(),
  /** Where this server POSTs updates to that hub (e.g. an internal address); default MERCURE_HUB_URL. */
  MERCURE_PUBLISH_URL: z.union([z.string().url(), z.literal('')]).optional(),
  /** The hub's publisher key; default MERCURE_JWT_SECRET (the hub's subscriber key is always MERCURE_JWT_SECRET). */
  MERCURE_PUBLISHER_JWT_SECRET: z.string().min(32).optional(),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  RESET_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Bad API keys (unknown or wrong secret) one address may present per window before 429 (modules/api-keys). */
  API_KEY_MAX_BAD_PER_IP: z.coerce.number().int().min(1).default(20),
  API_KEY_BAD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Failed sign-ins one address may make on one account before its exponential back-off starts. */
  LOGIN_MAX_FAILURES_PER_ADDRESS_ACCOUNT: z.coerce.number().int().min(1).default(3),
  LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).default(1),
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Lifetime of the known-device cookie set on a successful sign-in (cd_device). */
  LOGIN_DEVICE_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  TRUST_PROXY: bool.default(false),
  /** Bearer token of GET /metrics (Prometheus); unset = /metrics answers 404. At least 16 characters. */
  METRICS_TOKEN: z.union([z.string().min(16, 'METRICS_TOKEN must be at least 16 characters'), z.literal('')]).optional(),
  SEED: bool.default(true),
  // Answers are checked against their declared OpenAPI schemas (tests turn this on; a mismatch is a 500 there).
  VALIDATE_RESPONSES: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REVISION: z.string().optional(),
  /** Where the support form (POST /api/support) sends questions; unset = the form is off. */
  SUPPORT_EMAIL: z.union([z.email(), z.literal('')]).optional(),
  /** JSON list of {"title","url"} shown on the support page; default: the API documentation this server serves. */
  SUPPORT_HELP_LINKS: z.string().optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
  WEB_DIST: z.string().optional(),
  STORAGE_DIR: z.string().optional(),
  /** The embedded phone simulator channel (outbound "delivered" to simulated phones, replies from the web page). */
  SIMULATOR: bool.default(true),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  /** Meta Graph API base for WhatsApp (tests point it at a fake). */
  WHATSAPP_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d{1,3}\.\d{1,3}$/).default('v21.0'),
  /** Viber REST bot API base (tests point it at a fake; its origin is then also allowed for inbound media). */
  VIBER_API_URL: z.string().url().default('https://chatapi.viber.com/pa'),
  NHTSA_API_URL: z.string().url().default('https://api.nhtsa.gov'),
  NHTSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Hosts (names or IP literals, comma-separated) the SSRF-safe fetch (lib/safe-fetch.ts) may reach although they are
   * loopback or private: for tests and e2e against a local fake site only. Empty (the default) in every deployment.
   */
  SAFE_FETCH_ALLOW_HOSTS: z.string().max(1000).default(''),
  /** The next-variant payment provider's API base; unset = credentials cannot be verified (saving new ones is refused). */
  PAYMENT_NEXT_API_URL: z.union([z.string().url(), z.literal('')]).optional(),
  /** Charge every payment-enabled company through the embedded simulator (no outside calls): the embedded default. */
  PAYMENTS_SIMULATE: bool.default(true),
  /** USAePay REST base (e.g. https://sandbox.usaepay.com/api/v2); unset = production. */
  USAEPAY_BASE_URL: z.union([z.string().url(), z.literal('')]).optional(),
  /** Deadline of one card-processor request. */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** Run the outbox worker in this process (tests drive it by hand). */
  WORKER: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(50).default(500),
  /** Days the outgoing API log and the webhook log keep their rows (purged hourly by `ops-log-purge`). */
  OPS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** Jobs run at once by this process's worker (provider calls overlap; each job keeps its own lease). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** A wake waits this long before claiming, so a burst of sends is worked in batches (0: claim at once). */
  WORKER_WAKE_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /** PostgreSQL connections of the worker's own pool (the API's pool is separate, see decisions.md). */
  WORKER_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** Hold automated and group sends outside the recipients' sending window (tests turn it off to stay clock-independent). */
  QUIET_HOURS: bool.default(true),
  /** Test-only routes under /api/test (e2e: a report slot swept at a given instant). Never set in a deployment. */
  TEST_HOOKS: bool.default(false),
  /** How long a claimed job stays locked; a worker that died frees its jobs after this. */
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Total attachment bytes of one message (spec: below about 95,000,000). */
  ATTACHMENT_LIMIT_BYTES: z.coerce.number().int().min(1).max(95_000_000).default(95_000_000),
  SIGNED_URL_TTL: z.coerce.number().int().min(10).default(900),
  /** DMS vendor access is product-level (one vendor login / one Fortellis app); companies only name their dealer. */
  DEALERTRACK_BASE_URL: z.union([z.string().url(), z.literal('')]).optional(),
  DEALERTRACK_USERNAME: z.string().optional(),
  DEALERTRACK_PASSWORD: z.string().optional(),
  CDK_BASE_URL: z.union([z.string().url(), z.literal('')]).optional(),
  CDK_TOKEN_URL: z.union([z.string().url(), z.literal('')]).optional(),
  CDK_API_KEY: z.string().optional(),
  CDK_API_SECRET: z.string().optional(),
  CDK_DEPARTMENT_ID: z.string().optional(),
  /** Longest wait between status checks of a CDK bulk job (the API asks for 30 s; tests shorten it). */
  CDK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(300_000).default(30_000),
  /** Deadline of one DMS request. */
  DMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisChannel: string;
  smtpUrl?: string;
  mailFrom: string;
  /** VAPID subject of web pushes (mailto: or https:). */
  vapidSubject: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  mercureJwtSecret: Uint8Array;
  /** External Mercure hub (docs/scaling.md); absent = the built-in hub only. */
  mercure?: { hubUrl: string; publishUrl: string; publisherJwtSecret: Uint8Array };
  liveHeartbeatSeconds: number;
  encryptionKey: Buffer;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  resetTokenTtl: number;
  loginMaxFailuresPerAccount: number;
  loginMaxAttemptsPerIp: number;
  loginWindowSeconds: number;
  apiKeyMaxBadPerIp: number;
  apiKeyBadWindowSeconds: number;
  loginMaxFailuresPerAddressAccount: number;
  loginBackoffBaseSeconds: number;
  loginBackoffMaxSeconds: number;
  loginDeviceTtlDays: number;
  trustProxy: boolean;
  /** Bearer token of /metrics; undefined = not served. */
  metricsToken?: string;
  seed: boolean;
  logLevel: string;
  validateResponses: boolean;
  revision: string;
  /** Support form address (unset: the form is off) and the help links of the support page. */
  support: { email?: string; helpLinks: Array<{ title: string; url: string }> };
  bodyLimit: number;
  webDist: string;
  /** Uploaded files (per-company folders); default `<DATA_DIR>/storage`. */
  storageDir: string;
  /** Lifetime in seconds of signed `/storage/…` URLs. */
  signedUrlTtl: number;
  simulator: boolean;
  twilioBaseUrl: string;
  whatsAppGraphUrl: string;
  whatsAppApiVersion: string;
  viberApiUrl: string;
  /** Public NHTSA API (recalls by make, model and year). */
  nhtsaApiUrl: string;
  nhtsaTimeoutMs: number;
  /** Test-only: hosts the SSRF-safe fetch may reach although private (SAFE_FETCH_ALLOW_HOSTS); empty in deployments. */
  safeFetchAllowHosts: string[];
  /** Test-only routes under /api/test (TEST_HOOKS); false in deployments. */
  testHooks: boolean;
  paymentNextApiUrl?: string;
  /** Card processors (issue 17): simulate = the embedded simulator charges every enabled company. */
  payments: { simulate: boolean; usaepayBaseUrl?: string; timeoutMs: number };
  worker: boolean;
  workerPollMs: number;
  opsLogRetentionDays: number;
  workerConcurrency: number;
  workerPoolSize: number;
  workerWakeDelayMs: number;
  quietHours: boolean;
  workerLeaseSeconds: number;
  attachmentLimitBytes: number;
  /** DMS vendor access (absent vendor = this server cannot reach it: syncs answer 409 dms_not_connected). */
  dms: {
    dealertrack?: { baseUrl?: string; username: string; password: string };
    cdk?: { baseUrl?: string; tokenUrl?: string; apiKey: string; apiSecret: string; departmentId?: string; pollIntervalMs: number };
    timeoutMs: number;
  };
};

const ZHelpLinksSchema = z.array(z.object({ title: z.string().min(1).max(200), url: z.string().regex(/^(https?:\/\/|\/)\S+$/) })).max(20);

/** SUPPORT_HELP_LINKS: a JSON list; a bad value stops the start with a clear message rather than showing broken links. */
function parseHelpLinks(raw: string | undefined): Array<{ title: string; url: string }> {
  if (!raw?.trim()) return [{ title: 'API documentation', url: '/api/docs' }];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('SUPPORT_HELP_LINKS must be a JSON list of {"title","url"}');
  }
  const links = ZHelpLinksSchema.safeParse(parsed);
  if (!links.success) throw new Error('SUPPORT_HELP_LINKS must be a JSON list of {"title","url"} with http(s) or /path URLs');
  return links.data;
}

function readRevision(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/** Secrets not given by the environment are generated once and kept in DATA_DIR so restarts keep sessions. */
function loadLocalSecrets(dataDir: string): { jwtSecret: string; encryptionKey: string; mercureJwtSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    // Files written before a secret existed get it added; the ones already there are never regenerated.
    if (typeof stored.mercureJwtSecret !== 'string' || !stored.mercureJwtSecret) {
      stored.mercureJwtSecret = randomBytes(48).toString('base64url');
      writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    }
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
    mercureJwtSecret: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The public https site when there is one (Apple refuses localhost), else the sender address of our mail. */
function defaultVapidSubject(opts: { publicUrl?: string; mailFrom: string }): string {
  if (opts.publicUrl && /^https:\/\//.test(opts.publicUrl) && !/^https:\/\/(localhost|127\.)/.test(opts.publicUrl)) return opts.publicUrl.replace(/\/$/, '');
  const address = /<([^>]+)>/.exec(opts.mailFrom)?.[1] ?? opts.mailFrom.trim();
  return `mailto:${/^\S+@\S+$/.test(address) ? address : 'no-reply@courierdesk.local'}`;
}

export function loadConfig(overrides: Record<string, string | undefined> = {}): TConfig {
  const env = ZEnvSchema.parse({ ...process.env, ...overrides });
  // npm runs workspace scripts inside the workspace; relative paths are meant from where the user typed the command.
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  const local = loadLocalSecrets(dataDir);
  const encKey = process.env.ENCRYPTION_KEY ?? overrides.ENCRYPTION_KEY ?? local.encryptionKey;
  const mercureSecret = env.MERCURE_JWT_SECRET ?? local.mercureJwtSecret;
  // A live token is handed to the browser for six hours (and may travel in a query string): with the API secret
  // it would also be a valid API access token.
  if (mercureSecret === (env.JWT_SECRET ?? local.jwtSecret)) throw new Error('MERCURE_JWT_SECRET must differ from JWT_SECRET');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisChannel: env.REDIS_CHANNEL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject({ publicUrl: env.PUBLIC_URL, mailFrom: env.MAIL_FROM }),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? local.jwtSecret),
    mercureJwtSecret: new TextEncoder().encode(mercureSecret),
    ...(env.MERCURE_HUB_URL
      ? {
          mercure: {
            hubUrl: env.MERCURE_HUB_URL,
            publishUrl: env.MERCURE_PUBLISH_URL || env.MERCURE_HUB_URL,
            publisherJwtSecret: new TextEncoder().encode(env.MERCURE_PUBLISHER_JWT_SECRET ?? mercureSecret),
          },
        }
      : {}),
    liveHeartbeatSeconds: env.LIVE_HEARTBEAT_SECONDS,
    encryptionKey: Buffer.from(encKey, 'base64'),
    accessTokenTtl: env.ACCESS_TOKEN_TTL,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    resetTokenTtl: env.RESET_TOKEN_TTL,
    loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
    loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    apiKeyMaxBadPerIp: env.API_KEY_MAX_BAD_PER_IP,
    apiKeyBadWindowSeconds: env.API_KEY_BAD_WINDOW_SECONDS,
    loginMaxFailuresPerAddressAccount: env.LOGIN_MAX_FAILURES_PER_ADDRESS_ACCOUNT,
    loginBackoffBaseSeconds: env.LOGIN_BACKOFF_BASE_SECONDS,
    loginBackoffMaxSeconds: env.LOGIN_BACKOFF_MAX_SECONDS,
    loginDeviceTtlDays: env.LOGIN_DEVICE_TTL_DAYS,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN || undefined,
    seed: env.SEED,
    logLevel: env.LOG_LEVEL,
    validateResponses: (env.VALIDATE_RESPONSES ?? (env.NODE_ENV === 'test' ? 'true' : 'false')) === 'true',
    revision: env.REVISION ?? readRevision(),
    support: { email: env.SUPPORT_EMAIL || undefined, helpLinks: parseHelpLinks(env.SUPPORT_HELP_LINKS) },
    bodyLimit: env.BODY_LIMIT,
    webDist: env.WEB_DIST ? path.resolve(baseDir, env.WEB_DIST) : path.join(REPO_ROOT, 'web/dist'),
    storageDir: env.STORAGE_DIR ? path.resolve(baseDir, env.STORAGE_DIR) : path.join(dataDir, 'storage'),
    signedUrlTtl: env.SIGNED_URL_TTL,
    simulator: env.SIMULATOR,
    twilioBaseUrl: env.TWILIO_BASE_URL.replace(/\/+$/, ''),
    whatsAppGraphUrl: env.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
    whatsAppApiVersion: env.WHATSAPP_API_VERSION,
    viberApiUrl: env.VIBER_API_URL.replace(/\/+$/, ''),
    nhtsaApiUrl: env.NHTSA_API_URL.replace(/\/+$/, ''),
    nhtsaTimeoutMs: env.NHTSA_TIMEOUT_MS,
    safeFetchAllowHosts: env.SAFE_FETCH_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
    paymentNextApiUrl: env.PAYMENT_NEXT_API_URL?.replace(/\/+$/, '') || undefined,
    payments: {
      simulate: env.PAYMENTS_SIMULATE,
      usaepayBaseUrl: env.USAEPAY_BASE_URL?.replace(/\/+$/, '') || undefined,
      timeoutMs: env.PAYMENT_TIMEOUT_MS,
    },
    worker: env.WORKER,
    workerPollMs: env.WORKER_POLL_MS,
    opsLogRetentionDays: env.OPS_LOG_RETENTION_DAYS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerPoolSize: env.WORKER_POOL_SIZE,
    workerWakeDelayMs: env.WORKER_WAKE_DELAY_MS,
    quietHours: env.QUIET_HOURS,
    testHooks: env.TEST_HOOKS,
    workerLeaseSeconds: env.WORKER_LEASE_SECONDS,
    attachmentLimitBytes: env.ATTACHMENT_LIMIT_BYTES,
    dms: {
      ...(env.DEALERTRACK_USERNAME && env.DEALERTRACK_PASSWORD
        ? { dealertrack: { baseUrl: env.DEALERTRACK_BASE_URL || undefined, username: env.DEALERTRACK_USERNAME, password: env.DEALERTRACK_PASSWORD } }
        : {}),
      ...(env.CDK_API_KEY && env.CDK_API_SECRET
        ? {
            cdk: {
              baseUrl: env.CDK_BASE_URL || undefined,
              tokenUrl: env.CDK_TOKEN_URL || undefined,
              apiKey: env.CDK_API_KEY,
              apiSecret: env.CDK_API_SECRET,
              departmentId: env.CDK_DEPARTMENT_ID || undefined,
              pollIntervalMs: env.CDK_POLL_INTERVAL_MS,
            },
          }
        : {}),
      timeoutMs: env.DMS_TIMEOUT_MS,
    },
  };
}
