/**
 * Fixed-window counters kept in memory. Enough for one API process; several processes behind a balancer
 * each keep their own window (documented in docs/operations.md). Not for sign-in: a read-then-count per process
 * lets parallel guesses through, so that throttle is counted under a database row lock (modules/auth/login-throttle.ts).
 */
export class WindowCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly windowMs: number) {}

  count(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    return h && h.resetAt > now ? h.count : 0;
  }

  add(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) {
      if (this.hits.size > 100_000) this.prune(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 1;
    }
    h.count++;
    return h.count;
  }

  retryAfterSeconds(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    return h ? Math.max(1, Math.ceil((h.resetAt - now) / 1000)) : 0;
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
