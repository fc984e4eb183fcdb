/**
 * Sentry envelope parsing (https://develop.sentry.dev/sdk/envelopes/): newline-separated, an envelope header (JSON
 * object), then items, each an item header (JSON object with `type`, optional `length` in bytes) and its payload
 * (exactly `length` bytes, or up to the next newline). Only what the error reports screen shows is extracted, every
 * string is clipped, and anything malformed is an EnvelopeError (400), never a crash.
 */

export class EnvelopeError extends Error {}

export interface TEnvelopeItem {
  type: string;
  payload: Buffer;
}

const MAX_ITEMS = 50;
const NEWLINE = 0x0a;

function parseJsonObject(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EnvelopeError(`The ${what} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EnvelopeError(`The ${what} must be a JSON object.`);
  return value as Record<string, unknown>;
}

export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: TEnvelopeItem[] } {
  let pos = 0;
  const line = () => {
    const end = body.indexOf(NEWLINE, pos);
    const out = body.subarray(pos, end === -1 ? body.length : end);
    pos = end === -1 ? body.length : end + 1;
    return out;
  };
  if (!body.length) throw new EnvelopeError('The envelope is empty.');
  const header = parseJsonObject(line(), 'envelope header');
  const items: TEnvelopeItem[] = [];
  while (pos < body.length) {
    const raw = line();
    // A trailing newline (or blank line) ends the envelope.
    if (!raw.toString('utf8').trim()) continue;
    if (items.length >= MAX_ITEMS) throw new EnvelopeError(`An envelope holds at most ${MAX_ITEMS} items.`);
    const itemHeader = parseJsonObject(raw, 'item header');
    if (typeof itemHeader.type !== 'string' || !itemHeader.type) throw new EnvelopeError('An item header needs a type.');
    const length = itemHeader.length;
    let payload: Buffer;
    if (length !== undefined && length !== null) {
      if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) throw new EnvelopeError('An item length must be a whole number of bytes.');
      if (pos + length > body.length) throw new EnvelopeError('An item is shorter than its length says.');
      payload = body.subarray(pos, pos + length);
      pos += length;
      if (pos < body.length) {
        if (body[pos] !== NEWLINE) throw new EnvelopeError('An item is longer than its length says.');
        pos++;
      }
    } else {
      payload = line();
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header, items };
}

/** A string clipped to `max` characters without NULs (PostgreSQL text cannot hold them), or null. */
export function clip(value: unknown, max: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return null;
  // NUL is the one character Postgres text refuses: matching it is the point.
  // eslint-disable-next-line no-control-regex
  const s = value.replace(/\u0000/g, '').trim();
  return s ? s.slice(0, max) : null;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export interface TExtractedEvent {
  eventId: string | null;
  occurredAt: Date | null;
  release: string | null;
  environment: string | null;
  level: string | null;
  message: string | null;
  exceptionType: string | null;
  exceptionValue: string | null;
  stack: string | null;
  url: string | null;
  reportedUserId: string | null;
}

const MAX_FRAMES = 30;

function stackOf(exception: Record<string, unknown>): string | null {
  const frames = obj(exception.stacktrace).frames;
  if (!Array.isArray(frames)) return null;
  // Sentry lists frames oldest first; the reader wants the throwing frame on top.
  const lines = frames
    .slice(-MAX_FRAMES)
    .reverse()
    .map((f) => {
      const fr = obj(f);
      const where = [clip(fr.filename ?? fr.abs_path, 300) ?? '?', clip(fr.lineno, 10), clip(fr.colno, 10)].filter(Boolean).join(':');
      return `at ${clip(fr.function, 200) ?? '?'} (${where})`;
    });
  return clip(lines.join('\n'), 8000);
}

function timeOf(v: unknown): Date | null {
  const d = typeof v === 'number' ? new Date(v * 1000) : typeof v === 'string' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  // A browser clock may be off, but not by years: out of range is dropped rather than stored.
  const year = d.getUTCFullYear();
  return year >= 2000 && year <= 2200 ? d : null;
}

/** The facts of one `event` item; an event naming neither a message nor an exception is refused. */
export function extractEvent(payload: Buffer, envelopeHeader: Record<string, unknown>): TExtractedEvent {
  const e = parseJsonObject(payload, 'event');
  const rawMessage = typeof e.message === 'string' ? e.message : (obj(e.message).formatted ?? obj(e.message).message ?? obj(e.logentry).formatted ?? obj(e.logentry).message);
  const values = Array.isArray(e.exception) ? e.exception : obj(e.exception).values;
  // The last value is the exception that was thrown (earlier ones are its causes).
  const exception = Array.isArray(values) && values.length ? obj(values[values.length - 1]) : {};
  const out: TExtractedEvent = {
    eventId: clip(e.event_id ?? envelopeHeader.event_id, 64),
    occurredAt: timeOf(e.timestamp),
    release: clip(e.release ?? obj(envelopeHeader.trace).release, 200),
    environment: clip(e.environment ?? obj(envelopeHeader.trace).environment, 100),
    level: clip(e.level, 20),
    message: clip(rawMessage, 2000),
    exceptionType: clip(exception.type, 300),
    exceptionValue: clip(exception.value, 2000),
    stack: stackOf(exception),
    url: clip(obj(e.request).url, 2000),
    reportedUserId: clip(obj(e.user).id, 100),
  };
  if (!out.message && !out.exceptionType && !out.exceptionValue) throw new EnvelopeError('The event names no message or exception.');
  return out;
}
