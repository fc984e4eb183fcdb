import { observeOutsideCall } from '../metrics';
import type { TNewApiCall } from './api-calls.schema';
import { currentCallSubject, type TCallSubject } from './call-subject';
import { redactCallUrl, redactHeaders, redactText } from './redact';

/** One call to an outside system as a choke point saw it (values may still hold secrets: the flush redacts them). */
export interface TOutsideCall {
  vendor: string;
  operation: string;
  method: string;
  url: string;
  /** null when no HTTP answer came. */
  status: number | null;
  durationMs: number;
  error?: string | null;
  requestHeaders?: Record<string, string>;
  requestBody?: string | null;
  responseHeaders?: Record<string, string>;
  responseBody?: string | null;
  /** Literal secrets the adapter holds (scrubbed wherever they appear). */
  secrets?: readonly string[];
  /** Defaults to the surrounding runWithCallSubject. */
  companyId?: number | null;
  subjectType?: string | null;
  subjectId?: number | null;
}

/** Bodies are clipped to this many characters (a DMS export can be megabytes). */
export const LOGGED_BODY_CHARS = 64 * 1024;
const FLUSH_MS = 250;
const FLUSH_ROWS = 200;
/** Rows redacted and inserted per statement in a flush. */
const WRITE_BATCH = 500;
/** Rows held while the database does not take them; past this new rows are dropped (and counted). */
const MAX_BUFFERED_ROWS = 10_000;

export function statusClassOf(status: number | null): '2xx' | '3xx' | '4xx' | '5xx' | 'none' {
  if (status === null || status < 200 || status > 599) return 'none';
  return `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
}

function clipBody(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text.length > LOGGED_BODY_CHARS ? `${text.slice(0, LOGGED_BODY_CHARS)}… [${text.length - LOGGED_BODY_CHARS} more characters]` : text;
}

/**
 * The stored row: everything through the one redactor, bodies clipped, company and subject from the context (or the
 * one captured when the call was recorded). Runs in the writer's flush, never on the call path (recordOutsideCall).
 */
export function toApiCallRow(call: TOutsideCall, at = new Date(), subject: TCallSubject | undefined = currentCallSubject()): TNewApiCall {
  const secrets = call.secrets ?? [];
  const body = (t: string | null | undefined) => clipBody(t === null || t === undefined ? null : redactText({ text: t, secrets }));
  return {
    companyId: call.companyId !== undefined ? call.companyId : (subject?.companyId ?? null),
    vendor: call.vendor.slice(0, 40),
    operation: call.operation.slice(0, 200),
    method: call.method.toUpperCase().slice(0, 16),
    url: redactCallUrl({ url: call.url, secrets }).slice(0, 4000),
    status: call.status,
    durationMs: Math.max(0, Math.round(call.durationMs)),
    error: call.error ? redactText({ text: call.error, secrets }).slice(0, 4000) : null,
    requestHeaders: redactHeaders({ headers: call.requestHeaders ?? {}, secrets }),
    requestBody: body(call.requestBody),
    responseHeaders: redactHeaders({ headers: call.responseHeaders ?? {}, secrets }),
    responseBody: body(call.responseBody),
    subjectType: call.subjectType !== undefined ? call.subjectType : (subject?.subjectType ?? null),
    subjectId: call.subjectId !== undefined ? call.subjectId : (subject?.subjectId ?? null),
    createdAt: at,
  };
}

/**
 * A call as the buffer holds it until the flush: the caller's raw parts (by reference, no copy), the subject of the
 * moment and the time. Never written as such: the flush turns each into a redacted row or drops it.
 */
interface TPendingCall {
  call: TOutsideCall;
  subject: TCallSubject | undefined;
  at: Date;
}

/**
 * The cheap part done on the call path. A body longer than the stored clip (rare: a DMS export) is redacted whole
 * here and then clipped, because redacting a clipped text could miss a secret cut in half (a JSON string left
 * unterminated); the buffer so never holds more than about LOGGED_BODY_CHARS per body.
 */
function pendingOf(call: TOutsideCall): TPendingCall {
  const long = (t: string | null | undefined) => typeof t === 'string' && t.length > LOGGED_BODY_CHARS;
  let held = call;
  if (long(call.requestBody) || long(call.responseBody)) {
    const secrets = call.secrets ?? [];
    const early = (t: string | null | undefined) => (long(t) ? clipBody(redactText({ text: t!, secrets })) : t);
    // Redacting twice is harmless (a redacted text redacts to itself); the flush still runs the short body through.
    held = { ...call, requestBody: early(call.requestBody), responseBody: early(call.responseBody) };
  }
  return { call: held, subject: currentCallSubject(), at: new Date() };
}

interface TSink {
  write: (rows: TNewApiCall[]) => Promise<void>;
  buffer: TPendingCall[];
  pending: Set<Promise<unknown>>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
  onError?: (err: unknown) => void;
}

/** Process-wide: the choke points (lower layers) record without knowing the app; buildApp installs the database. */
let sink: TSink | null = null;
const installed: TSink[] = [];

/** Rows dropped since start because the buffer was full (the database refused them for too long). */
export function droppedOutsideCalls(): number {
  return sink?.dropped ?? 0;
}

/** Installs how the log is written (buildApp passes jobs/ops-log-purge.ts apiCallWriterOf); returns the function that removes it again. */
export function installOutsideCallSink(opts: { write: (rows: TNewApiCall[]) => Promise<void>; onError?: (err: unknown) => void }): () => Promise<void> {
  const mine: TSink = { write: opts.write, buffer: [], pending: new Set(), timer: null, flushing: null, dropped: 0, onError: opts.onError };
  installed.push(mine);
  sink = mine;
  return async () => {
    await flushSink(mine);
    // Closing one app (tests build several in a process) hands recording back to the one installed before it.
    const at = installed.indexOf(mine);
    if (at >= 0) installed.splice(at, 1);
    sink = installed.at(-1) ?? null;
  };
}

/**
 * Records one call: always observed in the metrics, and queued for the log when a sink is installed. Never throws:
 * a broken log must not break the call it reports on.
 */
export function recordOutsideCall(call: TOutsideCall): void {
  try {
    observeOutsideCall({ vendor: call.vendor, statusClass: statusClassOf(call.status), durationMs: call.durationMs });
    const s = sink;
    if (!s) return;
    if (s.buffer.length >= MAX_BUFFERED_ROWS) {
      s.dropped++;
      return;
    }
    s.buffer.push(pendingOf(call));
    if (s.buffer.length >= FLUSH_ROWS) void flushSink(s);
    else s.timer ??= setTimeout(() => void flushSink(s), FLUSH_MS).unref();
  } catch (err) {
    sink?.onError?.(err);
  }
}

/** A call whose record needs more work (reading the answer's body): flushOutsideCalls waits for it. */
export function recordOutsideCallLater(work: Promise<TOutsideCall | null>): void {
  const s = sink;
  const p = work.then(
    (call) => {
      if (call) recordOutsideCall(call);
    },
    (err: unknown) => s?.onError?.(err),
  );
  if (!s) return;
  s.pending.add(p);
  void p.finally(() => s.pending.delete(p));
}

async function flushSink(s: TSink): Promise<void> {
  if (s.pending.size) await Promise.allSettled([...s.pending]);
  while (s.flushing) await s.flushing;
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  if (!s.buffer.length) return;
  const pending = s.buffer.splice(0, s.buffer.length);
  const work = (async () => {
    // Redaction happens here, a batch at a time between writes (the event loop breathes): a call that cannot be
    // redacted is dropped, never written raw, and only redacted rows ever reach the writer, whatever the write does.
    for (let i = 0; i < pending.length; i += WRITE_BATCH) {
      const rows: TNewApiCall[] = [];
      for (const p of pending.slice(i, i + WRITE_BATCH)) {
        try {
          rows.push(toApiCallRow(p.call, p.at, p.subject));
        } catch (err) {
          s.dropped++;
          s.onError?.(err);
        }
      }
      if (!rows.length) continue;
      try {
        await s.write(rows);
      } catch (err) {
        // The database is down or refused the rows: they are lost (counted), the product goes on. The rest of the
        // batch is dropped unredacted (it was never turned into rows).
        s.dropped += rows.length + Math.max(0, pending.length - i - WRITE_BATCH);
        s.onError?.(err);
        return;
      }
    }
  })();
  const done: Promise<void> = work.finally(() => {
    pending.length = 0;
    if (s.flushing === done) s.flushing = null;
  });
  s.flushing = done;
  await s.flushing;
}

/** Writes everything recorded so far (the list route awaits it so a just-made call is visible; app close too). */
export async function flushOutsideCalls(): Promise<void> {
  if (sink) await flushSink(sink);
}
