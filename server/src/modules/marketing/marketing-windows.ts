/**
 * Per-state marketing windows on top of the company's quiet hours (docs/marketing-consent.md "State windows").
 * Some US states restrict marketing texts more than carrier practice does: Florida (FTSA), Oklahoma (OTSA) and
 * Maryland (Stop the Spam Calls Act) allow them only 08:00–20:00 in the recipient's local time and at most 3 per
 * 24 hours on the same subject. A recipient outside the window is deferred to its next opening (never dropped);
 * one over the cap is skipped with a reason.
 *
 * The state is the customer's stored address state when it has one, else the area code of a +1 number. A state
 * spanning two time zones (Florida's panhandle is Central) counts as open only when open in both, unless the
 * customer's own time zone is known. No state found: no extra rule (the company's quiet hours still apply).
 */

export interface TMarketingRule {
  state: string;
  /** Local window, minutes after midnight: [start, end). */
  startMinute: number;
  endMinute: number;
  dailyCap: number;
  timeZones: readonly string[];
}

const STRICT = { startMinute: 8 * 60, endMinute: 20 * 60, dailyCap: 3 } as const;

/** The documented table (docs/marketing-consent.md): keep both in step. */
export const STRICT_MARKETING_STATES: Record<string, TMarketingRule> = {
  FL: { state: 'FL', ...STRICT, timeZones: ['America/New_York', 'America/Chicago'] },
  OK: { state: 'OK', ...STRICT, timeZones: ['America/Chicago'] },
  MD: { state: 'MD', ...STRICT, timeZones: ['America/New_York'] },
};

/** Area codes of the strict states (NANP, 2026); other area codes carry no extra rule. */
const AREA_CODE_STATE: Record<string, string> = Object.fromEntries([
  ...[
    '239',
    '305',
    '321',
    '324',
    '352',
    '386',
    '407',
    '448',
    '561',
    '645',
    '656',
    '689',
    '727',
    '728',
    '754',
    '772',
    '786',
    '813',
    '850',
    '863',
    '904',
    '941',
    '954',
  ].map((a) => [a, 'FL']),
  ...['405', '539', '572', '580', '918'].map((a) => [a, 'OK']),
  ...['227', '240', '301', '410', '443', '667'].map((a) => [a, 'MD']),
]);

const STATE_NAMES: Record<string, string> = { FLORIDA: 'FL', OKLAHOMA: 'OK', MARYLAND: 'MD' };

/** The customer's US state code (upper-case) when known, else null. */
export function stateOfCustomer(opts: { address?: Record<string, unknown> | null; phone?: string | null }): string | null {
  const raw = opts.address?.state ?? opts.address?.region;
  if (typeof raw === 'string' && raw.trim()) {
    const v = raw.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(v)) return v;
    if (STATE_NAMES[v]) return STATE_NAMES[v];
  }
  const m = /^\+1(\d{3})\d{7}$/.exec(opts.phone ?? '');
  return m ? (AREA_CODE_STATE[m[1]!] ?? null) : null;
}

export function marketingRuleOf(opts: { address?: Record<string, unknown> | null; phone?: string | null }): TMarketingRule | null {
  const state = stateOfCustomer(opts);
  return state ? (STRICT_MARKETING_STATES[state] ?? null) : null;
}

interface TLocal {
  year: number;
  month: number;
  day: number;
  minute: number;
}

function localOf(at: Date, timeZone: string): TLocal {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), minute: get('hour') * 60 + get('minute') };
}

/** The zone's offset from UTC at `at`, in minutes. */
function offsetMinutes(at: Date, timeZone: string): number {
  const l = localOf(at, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, Math.floor(l.minute / 60), l.minute % 60);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a local wall-clock time in a zone (DST-aware: the offset is taken at the answer itself). */
export function zonedTimeToUtc(opts: { year: number; month: number; day: number; minute: number; timeZone: string }): Date {
  const wall = Date.UTC(opts.year, opts.month - 1, opts.day, 0, opts.minute);
  let guess = new Date(wall - offsetMinutes(new Date(wall), opts.timeZone) * 60_000);
  // Twice: the first guess used the offset at the wall time read as UTC, which may sit across a DST change.
  guess = new Date(wall - offsetMinutes(guess, opts.timeZone) * 60_000);
  return guess;
}

function isOpenIn(at: Date, rule: TMarketingRule, timeZone: string): boolean {
  const m = localOf(at, timeZone).minute;
  return m >= rule.startMinute && m < rule.endMinute;
}

/** The next window opening in one zone strictly usable from `at` (today's if still ahead, else tomorrow's). */
function nextOpeningIn(at: Date, rule: TMarketingRule, timeZone: string): Date {
  const l = localOf(at, timeZone);
  const dayShift = l.minute < rule.startMinute ? 0 : 1;
  const d = new Date(Date.UTC(l.year, l.month - 1, l.day + dayShift));
  return zonedTimeToUtc({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), minute: rule.startMinute, timeZone });
}

/**
 * Null when a marketing text may go now, else the earliest instant inside the window in every zone that applies
 * (the customer's own zone when known, else all of the state's).
 */
export function nextMarketingTime(opts: { now: Date; rule: TMarketingRule | null; customerTimeZone?: string | null }): Date | null {
  const { rule } = opts;
  if (!rule) return null;
  const zones = opts.customerTimeZone && isValidZone(opts.customerTimeZone) ? [opts.customerTimeZone] : rule.timeZones;
  let at = opts.now;
  // Each round moves to a later opening; zones an hour apart agree within two rounds.
  for (let round = 0; round < 6; round++) {
    const closed = zones.filter((z) => !isOpenIn(at, rule, z));
    if (!closed.length) return at.getTime() === opts.now.getTime() ? null : at;
    at = new Date(Math.max(...closed.map((z) => nextOpeningIn(at, rule, z).getTime())));
  }
  return at;
}

function isValidZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
