import { describe, expect, it, vi } from 'vitest';
import { createLiveClient, hubRequestUrl, readTokenExpiry, SseParser, type TLiveToken } from './live-events';

describe('SseParser', () => {
  it('joins multi-line data and dispatches on the blank line', () => {
    const p = new SseParser();
    expect(p.push('data: first\ndata: second\n\n')).toEqual([{ type: 'message', data: 'first\nsecond', lastEventId: '' }]);
  });

  it('handles messages split at any chunk boundary, including inside CRLF', () => {
    const stream = 'id: 7\r\ndata: {"a":1}\r\n\r\n: heartbeat\r\nid: 8\r\ndata: x\r\n\r\n';
    for (let cut = 1; cut < stream.length; cut++) {
      const p = new SseParser();
      const out = [...p.push(stream.slice(0, cut)), ...p.push(stream.slice(cut))];
      expect(out, `cut at ${cut}`).toEqual([
        { type: 'message', data: '{"a":1}', lastEventId: '7' },
        { type: 'message', data: 'x', lastEventId: '8' },
      ]);
    }
  });

  it('ignores comments/heartbeats and blocks without data, keeps ids across messages', () => {
    const p = new SseParser();
    expect(p.push(':\n\n: keepalive\n\nid: 42\n\n')).toEqual([]);
    expect(p.lastEventId).toBe('42');
    expect(p.push('data: y\n\n')).toEqual([{ type: 'message', data: 'y', lastEventId: '42' }]);
  });

  it('reads event type, retry, values without the optional space and fields without colon', () => {
    const p = new SseParser();
    const out = p.push('event: ping\nretry: 5000\ndata:no-space\ndata\n\n');
    expect(out).toEqual([{ type: 'ping', data: 'no-space\n', lastEventId: '' }]);
    expect(p.retry).toBe(5000);
    expect(p.push('retry: soon\n\n')).toEqual([]);
    expect(p.retry).toBe(5000);
  });

  it('handles lone CR line ends and byte-by-byte delivery', () => {
    const p = new SseParser();
    const out = [...'data: a\rdata: b\r\r'].flatMap((ch) => p.push(ch));
    expect(out).toEqual([{ type: 'message', data: 'a\nb', lastEventId: '' }]);
  });
});

describe('hubRequestUrl', () => {
  it('appends every topic and keeps relative hubs relative', () => {
    expect(hubRequestUrl('/.well-known/mercure', ['/api/users/1', '/api/companies/2'], 'http://x')).toBe(
      '/.well-known/mercure?topic=%2Fapi%2Fusers%2F1&topic=%2Fapi%2Fcompanies%2F2',
    );
    expect(hubRequestUrl('https://hub.example/m?a=1', ['t'])).toBe('https://hub.example/m?a=1&topic=t');
  });
});

function streamResponse(): { res: Response; push: (s: string) => void; close: () => void } {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
  const enc = new TextEncoder();
  return {
    res: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (s) => ctrl.enqueue(enc.encode(s)),
    close: () => ctrl.close(),
  };
}

const token: TLiveToken = { token: 'jwt', hubUrl: '/.well-known/mercure', topics: ['/api/users/1'] };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('createLiveClient', () => {
  it('sends the bearer, parses events and reconnects with Last-Event-ID after the retry delay', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const first = streamResponse();
    const second = streamResponse();
    const fetch = vi.fn().mockResolvedValueOnce(first.res).mockResolvedValueOnce(second.res);
    const onEvent = vi.fn();
    const client = createLiveClient({
      fetchToken: () => Promise.resolve(token),
      fetch,
      onEvent,
      origin: 'http://localhost',
      setTimeout: (fn, ms) => (timers.push({ fn, ms }), timers.length),
      clearTimeout: () => undefined,
    });
    client.start();
    await flush();
    expect(fetch.mock.calls[0]![0]).toBe('/.well-known/mercure?topic=%2Fapi%2Fusers%2F1');
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ Authorization: 'Bearer jwt' });
    expect(fetch.mock.calls[0]![1].headers['Last-Event-ID']).toBeUndefined();
    first.push('id: e1\ndata: {"event":"created","entity":"customer","data":{"id":1}');
    first.push('}\n\n:hb\n\n');
    await flush();
    expect(onEvent).toHaveBeenCalledWith({ event: 'created', entity: 'customer', data: { id: 1 } });
    first.close();
    await flush();
    await flush();
    const retry = timers.find((t) => t.ms === 3000);
    expect(retry).toBeDefined();
    retry!.fn();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1].headers['Last-Event-ID']).toBe('e1');
    client.stop();
  });

  it('treats 75 s without bytes as a dead connection', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const s = streamResponse();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_u: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return Promise.resolve(s.res);
    });
    const client = createLiveClient({
      fetchToken: () => Promise.resolve(token),
      fetch,
      onEvent: () => undefined,
      setTimeout: (fn, ms) => (timers.push({ fn, ms }), timers.length),
      clearTimeout: () => undefined,
    });
    client.start();
    await flush();
    const watchdog = timers.filter((t) => t.ms === 75_000).at(-1);
    expect(watchdog).toBeDefined();
    watchdog!.fn();
    expect(signal?.aborted).toBe(true);
    client.stop();
  });

  it('stops for good when the token fetch fails (direct path)', async () => {
    const fetch = vi.fn();
    const statuses: string[] = [];
    const client = createLiveClient({
      fetchToken: () => Promise.reject(new Error('403')),
      fetch,
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      setTimeout: () => 0,
      clearTimeout: () => undefined,
    });
    client.start();
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('fetches a new token after a 401 from the hub', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const fetchToken = vi.fn().mockResolvedValue(token);
    const fetch = vi.fn().mockResolvedValueOnce(new Response('', { status: 401 })).mockResolvedValue(streamResponse().res);
    const client = createLiveClient({ fetchToken, fetch, onEvent: () => undefined, setTimeout: (fn, ms) => (timers.push({ fn, ms }), 1), clearTimeout: () => undefined });
    client.start();
    await flush();
    timers.find((t) => t.ms === 3000)!.fn();
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('fetches a fresh token when the hub ends the stream (expiry, rights change) and resumes from the last id', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const first = streamResponse();
    const fetchToken = vi
      .fn()
      .mockResolvedValueOnce({ ...token, token: 'old' })
      .mockResolvedValueOnce({ ...token, token: 'new' });
    const fetch = vi.fn().mockResolvedValueOnce(first.res).mockResolvedValueOnce(streamResponse().res);
    const client = createLiveClient({ fetchToken, fetch, onEvent: () => undefined, setTimeout: (fn, ms) => (timers.push({ fn, ms }), 1), clearTimeout: () => undefined });
    client.start();
    await flush();
    first.push('id: 41\ndata: {"event":"updated","entity":"customer","data":{}}\n\n');
    first.close();
    await flush();
    await flush();
    timers.find((t) => t.ms === 3000)!.fn();
    await flush();
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ Authorization: 'Bearer new', 'Last-Event-ID': '41' });
    client.stop();
  });

  it('keeps a valid token across a network drop but replaces one about to expire', async () => {
    const jwt = (expSeconds: number) => `h.${btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')}.s`;
    expect(readTokenExpiry(jwt(1000))).toBe(1_000_000);
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
    const run = async (expSeconds: number) => {
      const timers: { fn: () => void; ms: number }[] = [];
      const fetchToken = vi.fn().mockResolvedValue({ ...token, token: jwt(expSeconds) });
      const fetch = vi.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValue(streamResponse().res);
      const client = createLiveClient({
        fetchToken,
        fetch,
        onEvent: () => undefined,
        now: () => 1_000_000,
        setTimeout: (fn, ms) => (timers.push({ fn, ms }), 1),
        clearTimeout: () => undefined,
      });
      client.start();
      await flush();
      timers.find((t) => t.ms === 3000)!.fn();
      await flush();
      client.stop();
      return fetchToken.mock.calls.length;
    };
    expect(await run(1000 + 600)).toBe(1);
    expect(await run(1000 + 10)).toBe(2);
  });
});
