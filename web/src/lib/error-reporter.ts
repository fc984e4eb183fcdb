import { STORAGE_KEYS } from './storage-keys';

/**
 * Reports the web app's uncaught errors to our own Sentry-envelope tunnel (POST /api/public/sentry_tunnel), where
 * super admins read them by release. No Sentry SDK: one minimal envelope per error. A burst of the same error
 * (a render loop, an interval that keeps failing) is sent once a minute, and a page sends at most a few dozen.
 */

export const TUNNEL_PATH = '/api/public/sentry_tunnel';
const DEDUPE_MS = 60_000;
const MAX_PER_PAGE = 30;
const MAX_FRAMES = 30;

export interface TStackFrame {
  function: string;
  filename: string;
  lineno?: number;
  colno?: number;
}

/** Frames of a V8 ("at fn (file:1:2)") or Firefox/Safari ("fn@file:1:2") stack, oldest first as Sentry wants. */
export function parseStack(stack: string | undefined): TStackFrame[] {
  if (!stack) return [];
  const frames: TStackFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = line.match(/^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/) ?? line.match(/^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/);
    if (!m) continue;
    frames.push({ function: m[1] || '?', filename: m[2]!, lineno: Number(m[3]), colno: Number(m[4]) });
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames.reverse();
}

export interface TErrorFacts {
  type: string;
  message: string;
  stack?: string;
}

/** What an `error` or `unhandledrejection` carries, whatever was thrown. */
export function errorFactsOf(error: unknown): TErrorFacts {
  if (error instanceof Error) return { type: error.name || 'Error', message: error.message, stack: error.stack };
  if (typeof error === 'string') return { type: 'Error', message: error };
  let text: string;
  try {
    text = JSON.stringify(error) ?? String(error);
  } catch {
    text = String(error);
  }
  return { type: 'NonErrorThrown', message: text };
}

function randomEventId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A minimal valid Sentry envelope: envelope header, one `event` item header with its byte length, the event. */
export function buildEnvelope(opts: { facts: TErrorFacts; release: string | null; url: string; now: number; eventId?: string; environment?: string }): string {
  const eventId = opts.eventId ?? randomEventId();
  const event = {
    event_id: eventId,
    timestamp: opts.now / 1000,
    platform: 'javascript',
    level: 'error',
    ...(opts.release ? { release: opts.release } : {}),
    environment: opts.environment ?? 'production',
    request: { url: opts.url },
    exception: {
      values: [{ type: opts.facts.type, value: opts.facts.message.slice(0, 2000), stacktrace: { frames: parseStack(opts.facts.stack) } }],
    },
  };
  const payload = JSON.stringify(event);
  const length = new TextEncoder().encode(payload).length;
  return `${JSON.stringify({ event_id: eventId, sent_at: new Date(opts.now).toISOString() })}\n${JSON.stringify({ type: 'event', length })}\n${payload}\n`;
}

export interface TErrorReporterDeps {
  send: (envelope: string) => Promise<unknown>;
  /** The running build's revision (GET /api/public/revision), asked once. */
  loadRelease: () => Promise<string | null>;
  now?: () => number;
  url?: () => string;
}

export function createErrorReporter(deps: TErrorReporterDeps) {
  const now = deps.now ?? (() => Date.now());
  const lastSent = new Map<string, number>();
  let sent = 0;
  let release: Promise<string | null> | null = null;

  /** Resolves true when the error was sent, false when it was a repeat (or over the page's budget). */
  async function report(error: unknown): Promise<boolean> {
    const facts = errorFactsOf(error);
    const key = `${facts.type}: ${facts.message}`;
    const at = now();
    const previous = lastSent.get(key);
    if ((previous !== undefined && at - previous < DEDUPE_MS) || sent >= MAX_PER_PAGE) return false;
    lastSent.set(key, at);
    sent++;
    release ??= deps.loadRelease().catch(() => null);
    try {
      await deps.send(buildEnvelope({ facts, release: await release, url: deps.url?.() ?? '', now: at }));
    } catch {
      // Reporting must never throw into the page (and a failed report is not reported).
    }
    return true;
  }
  return { report };
}

function browserDeps(): TErrorReporterDeps {
  return {
    loadRelease: async () => {
      const res = await fetch('/api/public/revision', { headers: { Accept: 'application/json' } });
      return res.ok ? (((await res.json()) as { revision?: string }).revision ?? null) : null;
    },
    send: (envelope) => {
      const headers: Record<string, string> = { 'Content-Type': 'text/plain;charset=UTF-8' };
      let token: string | null = null;
      try {
        token = window.localStorage.getItem(STORAGE_KEYS.token);
      } catch {
        /* storage blocked: the report stays anonymous */
      }
      // The token only names the reporter; the server never grants anything from a report.
      if (token) headers.Authorization = `Bearer ${token}`;
      return fetch(TUNNEL_PATH, { method: 'POST', body: envelope, headers, keepalive: true });
    },
    url: () => window.location.href,
  };
}

let browserReporter: ReturnType<typeof createErrorReporter> | null = null;

/** Reports an error caught by the app (a route's error boundary). */
export function reportError(error: unknown): void {
  browserReporter ??= createErrorReporter(browserDeps());
  void browserReporter.report(error);
}

/** Listens for uncaught errors and unhandled rejections; called once at start. */
export function installErrorReporting(): void {
  window.addEventListener('error', (e) => {
    // "Script error." is all a browser tells about another origin's script: nothing to act on.
    if (!e.error && /^Script error\.?$/.test(e.message)) return;
    reportError(e.error ?? e.message);
  });
  window.addEventListener('unhandledrejection', (e) => reportError(e.reason));
}
