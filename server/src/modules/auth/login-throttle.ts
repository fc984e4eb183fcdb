import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import type { TLoginThrottleRow } from './auth.schema';
import * as repo from './auth.repository';

const SYSTEM = { companyId: null, system: true } as const;

/**
 * A fixed window counts every attempt under the key (an address); a back-off key counts attempts since the last
 * success and, from the `free`-th on, makes the next attempt wait base·2^n seconds, capped.
 */
export type TThrottleRule =
  | { kind: 'window'; key: string; max: number; windowSeconds: number }
  | { kind: 'backoff'; key: string; free: number; baseSeconds: number; maxSeconds: number; resetSeconds: number };

export type TThrottleVerdict = { admitted: true } | { admitted: false; retryAfterSeconds: number };

type TDecision = { admit: boolean; retryMs: number; next: TLoginThrottleRow };

function decideWindow(rule: Extract<TThrottleRule, { kind: 'window' }>, row: TLoginThrottleRow, now: number): TDecision {
  const fresh = row.windowStart.getTime() + rule.windowSeconds * 1000 <= now;
  const hits = fresh ? 0 : row.hits;
  const windowStart = fresh ? new Date(now) : row.windowStart;
  const retryMs = windowStart.getTime() + rule.windowSeconds * 1000 - now;
  if (hits >= rule.max) return { admit: false, retryMs, next: row };
  return { admit: true, retryMs, next: { ...row, hits: hits + 1, windowStart, updatedAt: new Date(now) } };
}

function decideBackoff(rule: Extract<TThrottleRule, { kind: 'backoff' }>, row: TLoginThrottleRow, now: number): TDecision {
  // A key left alone for a whole reset period starts over.
  const stale = row.updatedAt.getTime() + rule.resetSeconds * 1000 <= now && (!row.nextAt || row.nextAt.getTime() <= now);
  const hits = stale ? 0 : row.hits;
  if (!stale && row.nextAt && row.nextAt.getTime() > now) return { admit: false, retryMs: row.nextAt.getTime() - now, next: row };
  const counted = hits + 1;
  const over = counted - rule.free;
  const delaySeconds = over >= 0 ? Math.min(rule.baseSeconds * 2 ** Math.min(over, 30), rule.maxSeconds) : 0;
  return {
    admit: true,
    retryMs: 0,
    next: { ...row, hits: counted, nextAt: delaySeconds ? new Date(now + delaySeconds * 1000) : null, updatedAt: new Date(now) },
  };
}

/**
 * Checks every rule and counts the attempt, in one transaction with the rows locked, BEFORE the password is
 * verified: parallel guesses queue on the lock and each sees the others' counts. Window keys count every attempt
 * they let through (even one another key refuses); back-off keys count only attempts that go on to be verified.
 */
export async function admitSignInAttempt(opts: { deps: TAppDeps; rules: TThrottleRule[] }): Promise<TThrottleVerdict> {
  const { deps, rules } = opts;
  return runInScope(deps.db, SYSTEM, async (tx) => {
    const { nowMs, rows } = await repo.lockThrottleRows(tx, rules.map((r) => r.key));
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const decisions = rules.map((rule) => {
      const row = byKey.get(rule.key)!;
      return { rule, ...(rule.kind === 'window' ? decideWindow(rule, row, nowMs) : decideBackoff(rule, row, nowMs)) };
    });
    const refused = decisions.filter((d) => !d.admit);
    for (const d of decisions) {
      if (d.admit && (d.rule.kind === 'window' || refused.length === 0)) await repo.saveThrottleRow(tx, d.next);
    }
    // Stale rows are swept now and then by the sign-ins themselves (no separate job needed for a tiny table).
    if (Math.random() < 0.01) await repo.pruneThrottleRows(tx, deps.config.loginWindowSeconds + deps.config.loginBackoffMaxSeconds);
    if (!refused.length) return { admitted: true as const };
    const retryMs = Math.max(...refused.map((d) => d.retryMs));
    return { admitted: false as const, retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) };
  });
}

/** A successful sign-in forgets the back-off of the keys it went through (never the address window). */
export async function clearSignInBackoff(opts: { deps: TAppDeps; keys: string[] }): Promise<void> {
  await runInScope(opts.deps.db, SYSTEM, (tx) => repo.deleteThrottleRows(tx, opts.keys));
}
