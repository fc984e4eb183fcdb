import { isIPv6 } from 'node:net';

/**
 * Limits of the public booking page (docs/api-public-booking.md). A hold reserves real time, so a script that could
 * hold every slot would close the shop's calendar to everyone else: besides the per-address request windows
 * (WindowCounter), one visitor may keep only a few holds alive at once per company.
 */

/** Page and availability reads per visitor and minute: a person browses a few weeks; a scraper is slowed down. */
export const BOOKING_READS_PER_MINUTE = 60;
/** Holds made per visitor and window (each a slot tapped on the page). */
export const HOLDS_PER_WINDOW = 20;
/** Bookings confirmed per visitor and window. */
export const BOOKINGS_PER_WINDOW = 5;
export const BOOKING_WINDOW_MS = 10 * 60_000;
/** Holds one visitor keeps alive at once per company: a person holds one slot and maybe changes their mind. */
export const LIVE_HOLDS_PER_CLIENT = 3;
/** A hold or booking body is a few ids, a name and a phone; anything larger is not the page's. */
export const BOOKING_BODY_LIMIT = 8 * 1024;

/**
 * The visitor an address stands for. IPv6 hands every home a /64 (often more), so counting full addresses would let
 * one visitor look like billions: v6 addresses count by their /64 prefix. An IPv4-mapped v6 address is its v4.
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The holds each visitor keeps alive, per company, in memory (one API process, like WindowCounter: several processes
 * each count their own, which multiplies the cap by their number; docs/api-public-booking.md). `begin` checks and
 * takes a place in one synchronous step, before the request's first await, so 50 parallel requests from one address
 * cannot all read "under the cap": the first LIVE_HOLDS_PER_CLIENT get a place, the rest are refused at once.
 */
export class LiveHoldCap {
  /** key → token → expiry (ms); a place taken but not yet settled counts in `pending`. */
  private readonly live = new Map<string, Map<string, number>>();
  private readonly pending = new Map<string, number>();
  private readonly keyOfToken = new Map<string, string>();

  constructor(private readonly max: number) {}

  /** Takes a place for a hold about to be made; false when the visitor already has `max` (made or in flight). */
  begin(key: string, now = Date.now()): boolean {
    const tokens = this.prune(key, now);
    const inFlight = this.pending.get(key) ?? 0;
    if ((tokens?.size ?? 0) + inFlight >= this.max) return false;
    this.pending.set(key, inFlight + 1);
    return true;
  }

  /** The hold was made: its place lasts until it expires, is released or is booked. */
  commit(key: string, token: string, expiresAt: number): void {
    this.settle(key);
    let tokens = this.live.get(key);
    if (!tokens) this.live.set(key, (tokens = new Map()));
    tokens.set(token, expiresAt);
    this.keyOfToken.set(token, key);
  }

  /** The hold was not made (slot taken, bad input): the place is given back. */
  abort(key: string): void {
    this.settle(key);
  }

  /** A hold released or booked frees its place at once (an unknown token: nothing). */
  release(token: string): void {
    const key = this.keyOfToken.get(token);
    if (key === undefined) return;
    this.keyOfToken.delete(token);
    const tokens = this.live.get(key);
    tokens?.delete(token);
    if (tokens?.size === 0) this.live.delete(key);
  }

  private settle(key: string) {
    const n = (this.pending.get(key) ?? 0) - 1;
    if (n > 0) this.pending.set(key, n);
    else this.pending.delete(key);
  }

  private prune(key: string, now: number): Map<string, number> | undefined {
    // Memory stays bounded by the live holds: every key is swept now and then, not only the one asked about.
    if (this.keyOfToken.size > 10_000) for (const k of [...this.live.keys()]) this.pruneKey(k, now);
    return this.pruneKey(key, now);
  }

  private pruneKey(key: string, now: number): Map<string, number> | undefined {
    const tokens = this.live.get(key);
    if (!tokens) return undefined;
    for (const [token, expiresAt] of tokens) {
      if (expiresAt > now) continue;
      tokens.delete(token);
      this.keyOfToken.delete(token);
    }
    if (tokens.size === 0) {
      this.live.delete(key);
      return undefined;
    }
    return tokens;
  }
}
