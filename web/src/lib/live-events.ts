import type { TLiveEvent } from '@cd/contracts/live';

/**
 * Live updates (spec part 1 §4, §8, §9): a Mercure-protocol event stream read with fetch + ReadableStream,
 * because EventSource cannot send the bearer header. Direct path only (no shared worker): a failed token
 * fetch stops the client. Live tokens last minutes: when the hub ends the stream (expiry, rights changed) the
 * client fetches a new token and reconnects with Last-Event-ID.
 */

export const LIVE_DEFAULT_RETRY_MS = 3_000;
export const LIVE_KEEPALIVE_TIMEOUT_MS = 75_000;

export interface TSseMessage {
  /** The `event:` field, `message` when absent. */
  type: string;
  data: string;
  /** The last event id seen on the stream (ids persist across messages, as in EventSource). */
  lastEventId: string;
}

/**
 * Incremental text/event-stream parser (WHATWG HTML §9.2.6). Feed decoded text chunks in any split; complete
 * messages come back. Handles CRLF/CR/LF line ends, comments (`:` heartbeats), multi-line data, `id`, `event`
 * and `retry`.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private hasData = false;
  private eventType = '';
  private pendingCr = false;
  lastEventId = '';
  /** Set when the server sent a `retry:` field. */
  retry: number | null = null;

  push(chunk: string): TSseMessage[] {
    const out: TSseMessage[] = [];
    let text = chunk;
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (ch === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
      const msg = this.line(line);
      if (msg) out.push(msg);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string): TSseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): TSseMessage | null {
    const type = this.eventType || 'message';
    this.eventType = '';
    if (!this.hasData) return null;
    const data = this.data.join('\n');
    this.data = [];
    this.hasData = false;
    return { type, data, lastEventId: this.lastEventId };
  }
}

export interface TLiveToken {
  token: string;
  hubUrl: string;
  topics: string[];
}

export type TLiveStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface TLiveClientDeps {
  fetchToken: () => Promise<TLiveToken>;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  onEvent: (event: TLiveEvent) => void;
  onStatus?: (status: TLiveStatus) => void;
  /** Defaults to window timers; injectable for tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  retryMs?: number;
  keepaliveMs?: number;
  /** Base for a relative hubUrl. */
  origin?: string;
  /** Defaults to Date.now; injectable for tests. */
  now?: () => number;
}

/** A JWT's `exp` in milliseconds, or null when it cannot be read (then only the hub's answers tell). */
export function readTokenExpiry(jwt: string): number | null {
  try {
    const part = jwt.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

// A token this close to its expiry is replaced before connecting: the hub would end the stream almost at once.
const TOKEN_EXPIRY_MARGIN_MS = 30_000;

/** `{hubUrl}?topic=a&topic=b`, keeping any query the hub URL already has. */
export function hubRequestUrl(hubUrl: string, topics: readonly string[], origin?: string): string {
  const url = new URL(hubUrl, origin ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost'));
  for (const t of topics) url.searchParams.append('topic', t);
  // Same-origin hubs stay relative so dev proxies and tests see the same path.
  return /^https?:\/\//.test(hubUrl) ? url.toString() : `${url.pathname}${url.search}`;
}

/** Parses one SSE data payload as a live event; null for anything that is not one. */
export function parseLiveEvent(data: string): TLiveEvent | null {
  try {
    const v = JSON.parse(data) as unknown;
    if (v && typeof v === 'object' && 'event' in v && 'entity' in v) return v as TLiveEvent;
    return null;
  } catch {
    return null;
  }
}

export function createLiveClient(deps: TLiveClientDeps) {
  const setT = deps.setTimeout ?? ((fn: () => void, ms: number) => window.setTimeout(fn, ms));
  const clearT = deps.clearTimeout ?? ((h: unknown) => window.clearTimeout(h as number));
  const keepaliveMs = deps.keepaliveMs ?? LIVE_KEEPALIVE_TIMEOUT_MS;
  const now = deps.now ?? (() => Date.now());
  let retryMs = deps.retryMs ?? LIVE_DEFAULT_RETRY_MS;
  let stopped = true;
  let token: TLiveToken | null = null;
  let lastEventId = '';
  let controller: AbortController | null = null;
  let retryTimer: unknown = null;
  let watchdog: unknown = null;
  let generation = 0;

  const status = (s: TLiveStatus) => deps.onStatus?.(s);

  function clearWatchdog() {
    if (watchdog !== null) clearT(watchdog);
    watchdog = null;
  }

  function isTokenStale(): boolean {
    const exp = token ? readTokenExpiry(token.token) : null;
    return exp !== null && exp - now() < TOKEN_EXPIRY_MARGIN_MS;
  }

  function scheduleReconnect(gen: number, refreshToken: boolean) {
    if (stopped || gen !== generation) return;
    clearWatchdog();
    status('waiting');
    retryTimer = setT(() => {
      retryTimer = null;
      if (refreshToken || isTokenStale()) token = null;
      void connect();
    }, retryMs);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const gen = ++generation;
    status('connecting');
    if (!token) {
      try {
        token = await deps.fetchToken();
      } catch {
        // Spec part 1 §8: in the direct path a failed token fetch stops live updates.
        stop();
        return;
      }
      if (stopped || gen !== generation) return;
    }
    const ctrl = new AbortController();
    controller = ctrl;
    const armWatchdog = () => {
      clearWatchdog();
      // 75 s without a byte (not even a heartbeat comment) means the connection is dead.
      watchdog = setT(() => ctrl.abort(), keepaliveMs);
    };
    const headers: Record<string, string> = { Authorization: `Bearer ${token.token}`, Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    let res: Response;
    try {
      armWatchdog();
      res = await deps.fetch(hubRequestUrl(token.hubUrl, token.topics, deps.origin), { headers, signal: ctrl.signal, cache: 'no-store' });
    } catch {
      scheduleReconnect(gen, false);
      return;
    }
    if (!res.ok || !res.body) {
      // An expired or refused subscriber token: fetch a new one before the next attempt.
      scheduleReconnect(gen, res.status === 401 || res.status === 403);
      return;
    }
    status('open');
    const parser = new SseParser();
    parser.lastEventId = lastEventId;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let ended = false;
    try {
      for (;;) {
        armWatchdog();
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        if (stopped || gen !== generation) return;
        const messages = parser.push(decoder.decode(value, { stream: true }));
        if (parser.retry !== null) retryMs = parser.retry;
        for (const m of messages) {
          lastEventId = m.lastEventId;
          if (m.type !== 'message') continue;
          const ev = parseLiveEvent(m.data);
          if (ev) deps.onEvent(ev);
        }
      }
    } catch {
      /* aborted by the watchdog or the network dropped */
    } finally {
      try {
        reader.releaseLock();
      } catch {
        /* ignored */
      }
    }
    // The hub ends a stream when its token expires or the user's rights changed: reconnect with a fresh token
    // (short-lived, re-checked by the hub) and the Last-Event-ID, so nothing is missed.
    scheduleReconnect(gen, ended);
  }

  function start(): void {
    if (!stopped) return;
    stopped = false;
    void connect();
  }

  function stop(): void {
    stopped = true;
    generation++;
    clearWatchdog();
    if (retryTimer !== null) clearT(retryTimer);
    retryTimer = null;
    controller?.abort();
    controller = null;
    status('stopped');
  }

  return { start, stop, get lastEventId() { return lastEventId; } };
}

export type TLiveClient = ReturnType<typeof createLiveClient>;
