import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TReceived {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver for the tests: records every request and answers what `answer` says (200 by default). */
export async function startReceiver(): Promise<{
  url: (path?: string) => string;
  received: TReceived[];
  answer: (path: string, body?: string) => number;
  /** `body`: the request's raw body, for answers that depend on which event arrives (deliveries run in parallel). */
  setAnswer: (fn: (path: string, body: string) => number) => void;
  close: () => Promise<void>;
}> {
  const received: TReceived[] = [];
  let answer = (_path: string, _body: string) => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = answer(req.url ?? '', body);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, body = '') => answer(path, body),
    setAnswer: (fn) => {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
