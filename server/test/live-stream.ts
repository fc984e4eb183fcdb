import { EventEmitter } from 'node:events';
import type { TLiveEvent } from '@cd/contracts/live';

/* Test support shared by the live tests (not a test file itself). */

export interface TSseMessage {
  id: string;
  data: TLiveEvent;
}

/** A real SSE client over Node's fetch: collects events, comments and the raw text. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const state = { raw: '', events: [] as TSseMessage[], comments: 0, ended: false };
  const wake = new Set<() => void>();
  const notify = () => wake.forEach((f) => f());
  if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          state.raw += value;
          buf += value;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (block.startsWith(':')) state.comments++;
            else {
              const lines = block.split('\n');
              const id = lines.find((l) => l.startsWith('id: '))!.slice(4);
              const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
              state.events.push({ id, data: JSON.parse(data) });
            }
          }
          notify();
        }
      } catch {
        // aborted by close()
      }
      state.ended = true;
      notify();
    })();
  }
  const waitFor = (pred: () => boolean, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      if (pred()) return resolve();
      const timer = setTimeout(() => {
        wake.delete(check);
        reject(new Error(`timed out; got ${JSON.stringify(state.events.map((e) => e.id))}, ended=${state.ended}`));
      }, ms);
      const check = () => {
        if (!pred()) return;
        clearTimeout(timer);
        wake.delete(check);
        resolve();
      };
      wake.add(check);
    });
  return {
    res,
    state,
    waitFor,
    ids: () => state.events.map((e) => e.id),
    hasEvent: (id: string) => state.events.some((e) => e.id === id),
    close: () => ctrl.abort(),
  };
}

/** A stand-in for ServerResponse whose client never reads: write() queues and reports back-pressure. */
export function fakeResponse(opts: { slow: boolean }) {
  const raw = Object.assign(new EventEmitter(), {
    chunks: [] as string[],
    writableLength: 0,
    destroyed: false,
    headersSent: false,
    writeHead() {
      raw.headersSent = true;
    },
    write(chunk: string) {
      raw.chunks.push(chunk);
      if (opts.slow) raw.writableLength += chunk.length;
      return !opts.slow;
    },
    end() {
      raw.emit('close');
    },
    destroy() {
      raw.destroyed = true;
      raw.emit('close');
    },
  });
  return raw;
}

