// autocannon ships no types and @types/autocannon is not a dependency: only what the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface TAutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }

  export interface TAutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    latency: { p50: number; p97_5: number; p99: number; average: number };
  }

  export interface TAutocannonInstance extends EventEmitter, PromiseLike<TAutocannonResult> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }

  export default function autocannon(opts: TAutocannonOptions): TAutocannonInstance;
}
