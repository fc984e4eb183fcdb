import { CONVERSATION_GAP_HOURS, RESPONSE_BUCKET_BOUNDS } from '@cd/contracts/analytics';
import { companySpansOf, type TCompanyWeek } from '../appointments/appointments.api';

/**
 * The messaging metrics of issue 19, defined once (docs/metrics.md states each definition in words). Pure: the
 * rollup service feeds a day's messages and each customer's recent history in, and stores what comes out.
 */

export const CONVERSATION_GAP_MS = CONVERSATION_GAP_HOURS * 3_600_000;
/**
 * How far back a day's fold reads an active customer's history to know where their conversation stands. Longer than
 * the conversation gap, so whether a day's first message starts a conversation is exact; see docs/metrics.md for what
 * a conversation running unbroken for longer than this means.
 */
export const HISTORY_DAYS = 31;
/** A day is final once computed this long after its end (late provider callbacks, clock skew, a scheduled send's lag). */
export const FINAL_GRACE_MS = 2 * 3_600_000;

/** One message as the fold sees it. `at` is when it counts: its due time if it was scheduled, else when it was written. */
export interface TFoldMessage {
  customerId: number;
  id: number;
  at: number;
  direction: 'INBOUND' | 'OUTBOUND';
  sender: 'agent' | 'customer' | 'system';
  userId: number | null;
  channel: string;
  groupMessageId: number | null;
}

export type TMessageKind = 'inbound' | 'human' | 'automated';

/** Inbound; outbound by a person (an agent's own message, not a group send); everything else the product sent itself. */
export function kindOfMessage(m: Pick<TFoldMessage, 'direction' | 'sender' | 'groupMessageId'>): TMessageKind {
  if (m.direction === 'INBOUND') return 'inbound';
  return m.sender === 'agent' && m.groupMessageId === null ? 'human' : 'automated';
}

/** The counters of one rollup row (analytics_daily), in column order. */
export const COUNTER_COLUMNS = [
  'inbound',
  'outbound_human',
  'outbound_automated',
  'conv_inbound',
  'conv_outbound',
  'handled_inbound',
  'handled_outbound',
  'opt_outs',
  'resp_count',
  'resp_wall_ms',
  'resp_wall_b1',
  'resp_wall_b2',
  'resp_wall_b3',
  'resp_biz_ms',
  'resp_biz_b1',
  'resp_biz_b2',
  'resp_biz_b3',
  'first_count',
  'first_wall_ms',
  'first_wall_b1',
  'first_wall_b2',
  'first_wall_b3',
  'first_biz_ms',
  'first_biz_b1',
  'first_biz_b2',
  'first_biz_b3',
] as const;
export type TCounter = (typeof COUNTER_COLUMNS)[number];
export type TCounters = Record<TCounter, number>;

export function emptyCounters(): TCounters {
  return Object.fromEntries(COUNTER_COLUMNS.map((c) => [c, 0])) as TCounters;
}

/** One rollup row: a channel and an agent (0: no agent) on the folded day. */
export interface TRollupRow extends TCounters {
  channel: string;
  userId: number;
}

/** §9 bucket of a duration: 1 under 5 minutes, 2 from 5 to 15 minutes inclusive, 3 over 15 minutes. */
export function bucketOf(ms: number): 1 | 2 | 3 {
  const s = ms / 1000;
  if (s < RESPONSE_BUCKET_BOUNDS.under5) return 1;
  return s <= RESPONSE_BUCKET_BOUNDS.from5to15 ? 2 : 3;
}

const DAY_MS = 86_400_000;

/**
 * Milliseconds of [from, to) inside the company's working hours: each weekday's intervals are UTC `HH:mm` on that
 * calendar date (part 2 §3, the same reading as appointments' availability), an off day contributes nothing.
 */
export function businessMsBetween(opts: { hours: TCompanyWeek; from: number; to: number }): number {
  if (opts.to <= opts.from) return 0;
  const schedule = { hours: opts.hours } as Parameters<typeof companySpansOf>[0];
  let total = 0;
  // Spans of a date lie within that UTC date, so the dates from `from`'s to `to`'s cover every overlap.
  for (let d = Math.floor(opts.from / DAY_MS) * DAY_MS; d < opts.to; d += DAY_MS) {
    const day = new Date(d).toISOString().slice(0, 10);
    for (const span of companySpansOf(schedule, day)) {
      const start = Math.max(span.start, opts.from);
      const end = Math.min(span.end, opts.to);
      if (end > start) total += end - start;
    }
  }
  return total;
}

/** Where one customer's conversation stands before the next message. */
interface TCustomerState {
  lastAt: number | null;
  startedInbound: boolean;
  firstResponseDone: boolean;
  handledBy: Set<number>;
  /** The first inbound message of the unanswered run, or null when the last inbound was answered. */
  unansweredSince: number | null;
}

function rowOf(rows: Map<string, TRollupRow>, channel: string, userId: number): TRollupRow {
  const key = `${channel}\u0000${userId}`;
  let row = rows.get(key);
  if (!row) rows.set(key, (row = { channel, userId, ...emptyCounters() }));
  return row;
}

function addResponse(row: TRollupRow, prefix: 'resp' | 'first', wallMs: number, bizMs: number): void {
  row[`${prefix}_count`] += 1;
  row[`${prefix}_wall_ms`] += wallMs;
  row[`${prefix}_wall_b${bucketOf(wallMs)}`] += 1;
  row[`${prefix}_biz_ms`] += bizMs;
  row[`${prefix}_biz_b${bucketOf(bizMs)}`] += 1;
}

/**
 * Folds one local day [dayStart, dayEnd) of one company into rollup rows. `messages` holds every message of the
 * customers active that day from HISTORY_DAYS before the day to its end; only those inside the day are counted, the
 * earlier ones set each customer's state (last message, unanswered run, conversation so far).
 */
export function foldDay(opts: {
  messages: readonly TFoldMessage[];
  optOuts: readonly { channel: string | null }[];
  dayStart: number;
  dayEnd: number;
  hours: TCompanyWeek;
}): TRollupRow[] {
  const rows = new Map<string, TRollupRow>();
  const sorted = [...opts.messages].sort((a, b) => a.customerId - b.customerId || a.at - b.at || a.id - b.id);
  let state: TCustomerState | null = null;
  let customer = -1;
  for (const m of sorted) {
    if (m.customerId !== customer || !state) {
      customer = m.customerId;
      state = { lastAt: null, startedInbound: false, firstResponseDone: false, handledBy: new Set(), unansweredSince: null };
    }
    const counted = m.at >= opts.dayStart && m.at < opts.dayEnd;
    if (m.at >= opts.dayEnd) continue;
    const kind = kindOfMessage(m);
    if (state.lastAt === null || m.at - state.lastAt > CONVERSATION_GAP_MS) {
      state.startedInbound = kind === 'inbound';
      state.firstResponseDone = false;
      state.handledBy = new Set();
      if (counted) rowOf(rows, m.channel, 0)[state.startedInbound ? 'conv_inbound' : 'conv_outbound'] += 1;
    }
    state.lastAt = m.at;
    if (kind === 'inbound') {
      if (counted) rowOf(rows, m.channel, 0).inbound += 1;
      state.unansweredSince ??= m.at;
      continue;
    }
    if (kind === 'automated') {
      // The product's own messages are no answer: the clock keeps running.
      if (counted) rowOf(rows, m.channel, 0).outbound_automated += 1;
      continue;
    }
    const agent = m.userId ?? 0;
    const row = counted ? rowOf(rows, m.channel, agent) : null;
    if (row) row.outbound_human += 1;
    if (state.unansweredSince !== null) {
      if (row) {
        const wall = m.at - state.unansweredSince;
        const biz = businessMsBetween({ hours: opts.hours, from: state.unansweredSince, to: m.at });
        addResponse(row, 'resp', wall, biz);
        if (!state.firstResponseDone) addResponse(row, 'first', wall, biz);
      }
      state.firstResponseDone = true;
      state.unansweredSince = null;
    }
    if (!state.handledBy.has(agent)) {
      state.handledBy.add(agent);
      if (row) row[state.startedInbound ? 'handled_inbound' : 'handled_outbound'] += 1;
    }
  }
  for (const o of opts.optOuts) rowOf(rows, o.channel ?? '', 0).opt_outs += 1;
  return [...rows.values()];
}
