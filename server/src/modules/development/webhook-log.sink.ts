import type { TWebhookOutcome, TWebhookSource, TWebhookVerification } from '@cd/contracts/dev-logs';
import { runInScope, type TDatabase } from '../../db/client';
import * as repo from './webhook-log.repository';

/** One finished webhook request, redacted, before its company slug is resolved to an id. */
export interface TCapturedWebhook {
  slug: string | null;
  source: TWebhookSource;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  contentType: string | null;
  body: string | null;
  status: number;
  verification: TWebhookVerification;
  outcome: TWebhookOutcome;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  createdAt: Date;
}

const FLUSH_MS = 250;
const FLUSH_ROWS = 100;
/** While the database is away rows wait here; beyond this they are dropped and counted, never piled up. */
const MAX_BUFFERED = 2000;

export interface TWebhookLogSink {
  add(entry: TCapturedWebhook): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Rows dropped because the buffer was full. */
  dropped(): number;
}

const sinks = new Set<TWebhookLogSink>();

/** Writes every pending row of every open sink (tests and the list route, so a just-received webhook is listed). */
export async function flushWebhookLog(): Promise<void> {
  await Promise.all([...sinks].map((s) => s.flush()));
}

/**
 * Buffers captured webhooks and writes them in one multi-row insert every 250 ms (or 100 rows), in the system scope.
 * A failed write is logged and its rows dropped: the log must never slow or fail the webhook it describes.
 */
export function createWebhookLogSink(opts: { db: TDatabase; log: { error: (o: object, msg: string) => void } }): TWebhookLogSink {
  let buffer: TCapturedWebhook[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let droppedRows = 0;

  const write = (rows: TCapturedWebhook[]) =>
    runInScope(opts.db, { companyId: null, system: true }, (tx) => repo.insertCapturedWebhooks(tx, rows)).catch((err: unknown) => {
      droppedRows += rows.length;
      opts.log.error({ err, rows: rows.length }, 'webhook log: could not store rows');
    });

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = buffer;
    buffer = [];
    // Writes run one after another, so a flush also waits for the one before it.
    writing = writing.then(() => (rows.length ? write(rows) : undefined));
    return writing;
  };

  const sink: TWebhookLogSink = {
    add(entry) {
      if (buffer.length >= MAX_BUFFERED) {
        droppedRows++;
        return;
      }
      buffer.push(entry);
      if (buffer.length >= FLUSH_ROWS) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), FLUSH_MS).unref();
    },
    flush,
    async close() {
      await flush();
      sinks.delete(sink);
    },
    dropped: () => droppedRows,
  };
  sinks.add(sink);
  return sink;
}
