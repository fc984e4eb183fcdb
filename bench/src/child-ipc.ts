import { fork, type ChildProcess } from 'node:child_process';

/** A request to a helper child process; `type` selects the handler. */
export interface TChildRequest {
  type: string;
  [key: string]: unknown;
}

interface TEnvelope {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface TChildHandle {
  request<T>(msg: TChildRequest): Promise<T>;
  /** Asks the child to exit, and kills it (this child only, by its pid) if it has not within 5 s. */
  stop(): Promise<void>;
}

/**
 * Forks a helper (subscribers, fake provider, load) so its work does not run on the event loop being measured.
 * The child inherits tsx through process.execArgv, like the load generator.
 */
export function startChild(opts: { file: string }): TChildHandle {
  const child: ChildProcess = fork(opts.file, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      for (const w of waiting.values()) w.reject(new Error(`helper ${opts.file} exited with code ${code}`));
      waiting.clear();
      resolve();
    }),
  );
  child.on('message', (raw) => {
    const env = raw as TEnvelope;
    const w = waiting.get(env.id);
    if (!w) return;
    waiting.delete(env.id);
    if (env.ok) w.resolve(env.result);
    else w.reject(new Error(env.error ?? 'helper failed'));
  });
  return {
    request<T>(msg: TChildRequest): Promise<T> {
      if (exited) return Promise.reject(new Error(`helper ${opts.file} is not running`));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, msg });
      });
    },
    async stop() {
      if (exited) return;
      child.send({ id: 0, msg: { type: 'exit' } });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

/** Child side: answers each request with its handler's result; `exit` runs the cleanup and leaves. */
export function serveRequests(opts: {
  handlers: Record<string, (msg: TChildRequest) => Promise<unknown>>;
  cleanup?: () => Promise<void>;
}): void {
  process.on('message', async (raw) => {
    const { id, msg } = raw as { id: number; msg: TChildRequest };
    if (msg.type === 'exit') {
      await opts.cleanup?.().catch(() => undefined);
      process.disconnect();
      process.exit(0);
    }
    const handler = opts.handlers[msg.type];
    try {
      if (!handler) throw new Error(`no handler for ${msg.type}`);
      process.send!({ id, ok: true, result: await handler(msg) } satisfies TEnvelope);
    } catch (err) {
      process.send!({ id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies TEnvelope);
    }
  });
}
