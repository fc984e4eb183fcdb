import { observeOutsideCall } from '../metrics';
import type { TNewApiCall } from './api-calls.schema';
import { currentCallSubject } from './call-subject';
import { redactCallUrl, redactHeaders, redactText } from './redact';

/** One call to an outside system as a choke point saw it (values may still hold secrets: they are redacted here). */
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

/** The stored row: everything through the one redactor, bodies clipped, company and subject from the context. */
export function toApiCallRow(call: TOutsideCall, at = new Date()): TNewApiCall {
  const secrets = call.secrets ?? [];
  const subject = currentCallSubject();
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

interface TSink {
  write: (rows: TNewApiCall[]) => Promise<void>;
  buffer: TNewApiCall[];
  pending: Set<Promise<unknown>>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
  onError?: (err: unknown) => void;
}

/** Process-wide: the choke points (lower layers) record without knowing the app; buildApp installs the database. */
let sink: TSink | null = null;

/** Rows dropped since start because the buffer was full (the database refused them for too long). */
export function droppedOutsideCalls(): number {
  return sink?.dropped ?? 0;
}

/** Installs how the log is written (buildApp passes jobs/ops-log-purge.ts apiCallWriterOf); returns the function that removes it again. */
export function installOutsideCallSink(opts: { write: (rows: TNewApiCall[]) => Promise<void>; onError?: (err: unknown) => void }): () => Promise<void> {
  const mine: TSink = { write: opts.write, buffer: [], pending: new Set(), timer: null, flushing: null, dropped: 0, onError: opts.onError };
  sink = mine;
  return async () => {
    await flushSink(mine);
    if (sink === mine) sink = null;
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
    s.buffer.push(toApiCallRow(call));
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
  const rows = s.buffer.splice(0, s.buffer.length);
  s.flushing = (async () => {
    try {
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        await s.write(chunk);
      }
    } catch (err) {
      // The database is down or refused the rows: they are lost (counted), the product goes on.
      s.dropped += rows.length;
      s.onError?.(err);
    } finally {
      s.flushing = null;
    }
  })();
  await s.flushing;
}

/** Writes everything recorded so far (the list route awaits it so a just-made call is visible; app close too). */
export async function flushOutsideCalls(): Promise<void> {
  if (sink) await flushSink(sink);
}
