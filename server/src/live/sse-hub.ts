import type { ServerResponse } from 'node:http';
import type { TLiveEvent } from '@cd/contracts/live';
import { trackSseSubscribers } from '../lib/metrics';
import type { TLiveBus, TStoredLiveEvent } from './live.types';
import { findStreamRevocation } from './stream-revocation';
import { matchAnyTopic } from './topic-match';

/** One event in the Mercure v0.x wire format; every line of data gets its own `data:` prefix. */
export function formatSseEvent(payload: TLiveEvent): string {
  const data = JSON.stringify(payload)
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `id: ${payload.id}\n${data}\n`;
}

export interface TSseHubOptions {
  live: TLiveBus;
  heartbeatSeconds: number;
  /** Bytes a subscriber may have queued in its socket before it is dropped. */
  maxBufferedBytes?: number;
  /** How long a subscriber may stay unable to take writes (no 'drain') before it is dropped. */
  maxBlockedMs?: number;
  /** Live events a subscription may hold back while its replay is read. */
  maxPendingEvents?: number;
}

export interface TSubscriptionStart {
  /** Extra response headers (Last-Event-ID). */
  headers: Record<string, string>;
  /** History to send before live events, oldest first. */
  replay: TLiveEvent[];
}

export interface TSseSubscription {
  /** Writes the head, the opening comment, the replay, then the live events that arrived meanwhile (deduplicated). */
  start(opts: TSubscriptionStart): void;
  /** Ends the stream (or forgets a subscription that never started). */
  close(): void;
  readonly closed: boolean;
}

export interface TSseHub {
  /**
   * Registers a subscriber right away so no event committed from now on is missed; live events are held back
   * until `start`, which the caller invokes once the replay has been read.
   */
  openSubscription(opts: {
    raw: ServerResponse;
    selectors: string[];
    allowed: string[];
    expiresAtMs: number;
    /** Whose stream it is: it ends when that user's rights or company change (see stream-revocation.ts). */
    owner?: TStreamOwner;
  }): TSseSubscription;
  /**
   * True when a revocation for this owner arrived at or after `sinceMs`: the rights read at connect may predate the
   * change whose event this hub already handled, so the caller refuses instead of opening a stale stream.
   */
  wasRevokedSince(opts: { owner: TStreamOwner; sinceMs: number }): boolean;
  size(): number;
  /** Ends every stream (server shutdown) and stops listening to the bus. */
  close(): void;
}

/** The users (the effective one, and the real one behind an impersonation) and companies a stream depends on. */
export interface TStreamOwner {
  userIds: number[];
  companyIds: number[];
}

const ownerKeys = (o: TStreamOwner) => [...o.userIds.map((id) => `u${id}`), ...o.companyIds.map((id) => `c${id}`)];

interface TSubscriber {
  raw: ServerResponse;
  owner: TStreamOwner | null;
  selectors: string[];
  allowed: string[];
  state: 'pending' | 'live' | 'closed';
  pending: TStoredLiveEvent[];
  blockedSince: number | null;
  expiryTimer: NodeJS.Timeout | null;
}

// setTimeout stores its delay in 32 bits; longer delays fire immediately.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSseHub(opts: TSseHubOptions): TSseHub {
  const maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
  const maxBlockedMs = opts.maxBlockedMs ?? 30_000;
  const maxPendingEvents = opts.maxPendingEvents ?? 10_000;
  const subscribers = new Set<TSubscriber>();
  // When each user/company last had its streams revoked; only the last minute matters (a connect's rights read).
  const revokedAt = new Map<string, number>();
  const REVOCATION_MEMORY_MS = 60_000;

  const remove = (s: TSubscriber) => {
    if (s.state === 'closed') return;
    s.state = 'closed';
    s.pending = [];
    subscribers.delete(s);
    if (s.expiryTimer) clearTimeout(s.expiryTimer);
  };

  /** A client that cannot keep up loses its stream (it reconnects with Last-Event-ID); it never holds up others. */
  const drop = (s: TSubscriber) => {
    remove(s);
    s.raw.destroy();
  };

  const write = (s: TSubscriber, chunk: string) => {
    if (s.state === 'closed' || s.raw.destroyed) return;
    // write() never blocks: it queues in memory. The queue length is what a slow client costs us, so it is capped.
    const ok = s.raw.write(chunk);
    if (!ok && s.blockedSince === null) s.blockedSince = Date.now();
    if (s.raw.writableLength > maxBufferedBytes) drop(s);
  };

  const matches = (s: TSubscriber, event: TStoredLiveEvent) =>
    matchAnyTopic({ selectors: s.selectors, topics: event.topics }) &&
    matchAnyTopic({ selectors: s.allowed, topics: event.topics });

  /** Ends a stream cleanly; the client reconnects with Last-Event-ID and a fresh token, and is re-checked then. */
  const end = (s: TSubscriber) => {
    const wasLive = s.state === 'live';
    remove(s);
    if (s.raw.destroyed) return;
    if (wasLive) s.raw.end();
    // Not started yet: no head written, nothing the client could resume from.
    else s.raw.destroy();
  };

  const unsubscribe = opts.live.onEvent((event) => {
    // Remembered even with no subscriber: a connect may be reading the account right now.
    const revocation = findStreamRevocation(event);
    const revokedKey = revocation && ('userId' in revocation ? `u${revocation.userId}` : `c${revocation.companyId}`);
    if (revokedKey) revokedAt.set(revokedKey, Date.now());
    if (!subscribers.size) return;
    let text: string | undefined;
    for (const s of subscribers) {
      if (!matches(s, event)) continue;
      if (s.state === 'pending') {
        s.pending.push(event);
        if (s.pending.length > maxPendingEvents) drop(s);
        continue;
      }
      // Serialised once per event, however many subscribers receive it.
      text ??= formatSseEvent(event.payload);
      write(s, text);
    }
    // After delivery, so the affected user's other tabs still hear the change itself.
    if (!revokedKey) return;
    for (const s of [...subscribers]) if (s.owner && ownerKeys(s.owner).includes(revokedKey)) end(s);
  });

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const [key, at] of revokedAt) if (now - at > REVOCATION_MEMORY_MS) revokedAt.delete(key);
    for (const s of subscribers) {
      if (s.state !== 'live') continue;
      if (s.blockedSince !== null && now - s.blockedSince > maxBlockedMs) drop(s);
      else write(s, ':\n\n');
    }
  }, opts.heartbeatSeconds * 1000);
  heartbeat.unref();
  const untrack = trackSseSubscribers(() => subscribers.size);

  return {
    openSubscription({ raw, selectors, allowed, expiresAtMs, owner }) {
      const s: TSubscriber = { raw, owner: owner ?? null, selectors, allowed, state: 'pending', pending: [], blockedSince: null, expiryTimer: null };
      subscribers.add(s);
      raw.on('close', () => remove(s));
      raw.on('drain', () => {
        s.blockedSince = null;
      });
      // Errors on a dead socket surface as 'close' too; without a listener they would crash the process.
      raw.on('error', () => remove(s));
      return {
        get closed() {
          return s.state === 'closed';
        },
        start({ headers, replay }) {
          if (s.state !== 'pending') return;
          raw.writeHead(200, {
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache',
            'x-accel-buffering': 'no',
            ...headers,
          });
          s.state = 'live';
          write(s, ':\n\n');
          const sent = new Set<string>();
          for (const payload of replay) {
            sent.add(payload.id);
            write(s, formatSseEvent(payload));
          }
          // Events broadcast while the replay was read: those the replay already covered are skipped by id (a set,
          // not "id <= last replayed", so an event whose transaction committed late is still delivered).
          const held = s.pending;
          s.pending = [];
          for (const event of held) if (!sent.has(event.payload.id)) write(s, formatSseEvent(event.payload));
          const delay = Math.min(Math.max(expiresAtMs - Date.now(), 0), MAX_TIMER_MS);
          s.expiryTimer = setTimeout(() => {
            remove(s);
            raw.end();
          }, delay);
          s.expiryTimer.unref();
        },
        close() {
          // A subscription that never started has no head written yet: the caller answers (e.g. with an error).
          const wasLive = s.state === 'live';
          remove(s);
          if (wasLive && !raw.destroyed) raw.end();
        },
      };
    },
    wasRevokedSince({ owner, sinceMs }) {
      return ownerKeys(owner).some((k) => (revokedAt.get(k) ?? -Infinity) >= sinceMs);
    },
    size: () => subscribers.size,
    close() {
      unsubscribe();
      untrack();
      clearInterval(heartbeat);
      for (const s of [...subscribers]) {
        const wasLive = s.state === 'live';
        remove(s);
        if (wasLive) s.raw.end();
        else s.raw.destroy();
      }
    },
  };
}
