import type { TGroupMessage, TGroupRecipientStats } from './types';

export interface TProgressSegment {
  key: 'delivered' | 'sent' | 'failed' | 'blocked';
  count: number;
  /** Share of the total, 0–100. */
  percent: number;
}

export interface TGroupProgress {
  total: number;
  /** Recipients that reached a final state (sent, delivered, failed or blocked/skipped). */
  done: number;
  /** done / total, 0–100 (100 for an empty group). */
  percent: number;
  /** Stacked bar segments; they never add up to more than 100 %. */
  segments: TProgressSegment[];
  pending: number;
  complete: boolean;
}

const pct = (n: number, total: number) => (total > 0 ? Math.min(100, Math.max(0, (n / total) * 100)) : 0);

/**
 * Progress of a group message out of its total recipients. `sent` on the server includes delivered ones, so the
 * bar shows delivered, then sent-but-not-yet-delivered, then failed, then blocked (skipped). Counts are clamped so a
 * racy snapshot never overflows the bar.
 */
export function groupProgress(stats: Partial<TGroupRecipientStats> | null | undefined): TGroupProgress {
  const n = (v: number | undefined) => (Number.isFinite(v) && (v as number) > 0 ? Math.floor(v as number) : 0);
  const total = n(stats?.total);
  let left = total;
  const take = (v: number) => {
    const c = Math.min(v, left);
    left -= c;
    return c;
  };
  const delivered = take(n(stats?.delivered));
  const sentOnly = take(Math.max(0, n(stats?.sent) - n(stats?.delivered)));
  const failed = take(n(stats?.failed));
  const blocked = take(Math.max(n(stats?.blocked), n(stats?.skipped)));
  const done = delivered + sentOnly + failed + blocked;
  const segments: TProgressSegment[] = [
    { key: 'delivered' as const, count: delivered, percent: pct(delivered, total) },
    { key: 'sent' as const, count: sentOnly, percent: pct(sentOnly, total) },
    { key: 'failed' as const, count: failed, percent: pct(failed, total) },
    { key: 'blocked' as const, count: blocked, percent: pct(blocked, total) },
  ];
  return { total, done, percent: total > 0 ? pct(done, total) : 100, segments, pending: total - done, complete: done >= total };
}

/** Statuses during which the server is still working on a message (the screen polls its progress). */
export function isInFlight(m: Pick<TGroupMessage, 'status'>): boolean {
  return m.status === 'queued' || m.status === 'sending';
}

/**
 * Whether a message's progress should be refreshed: while queued/sending, and for a little while after it is
 * marked sent with recipients still pending (delivery reports arrive afterwards).
 */
export function shouldPoll(m: Pick<TGroupMessage, 'status' | 'createdAt' | 'recipients'>, now: number = Date.now(), windowMs = 10 * 60_000): boolean {
  if (isInFlight(m)) return true;
  if (m.status !== 'sent') return false;
  return (m.recipients?.pending ?? 0) > 0 && now - Date.parse(m.createdAt) < windowMs;
}
