/**
 * A fake of NHTSA's public recalls API for tests: real HTTP on 127.0.0.1, answering
 * GET /recalls/recallsByVehicle?make=&model=&modelYear= with `{ Count, Message, results: [...] }` as NHTSA does.
 * Campaigns are added per make/model/year; `mode` makes it fail (HTTP 500) or hang (to hit the client's timeout).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TFakeNhtsaRecall {
  NHTSACampaignNumber: string;
  Component?: string;
  Summary?: string;
  Consequence?: string;
  Remedy?: string;
  ReportReceivedDate?: string;
}

export interface TFakeNhtsa {
  /** What NHTSA_API_URL is set to. */
  url: string;
  requests: { make: string | null; model: string | null; modelYear: string | null }[];
  addRecall(vehicle: { make: string; model: string; year: number }, recall: TFakeNhtsaRecall): void;
  mode: 'ok' | 'error' | 'hang';
  close(): Promise<void>;
}

export async function startFakeNhtsa(): Promise<TFakeNhtsa> {
  const recalls = new Map<string, TFakeNhtsaRecall[]>();
  const keyOf = (make: string, model: string, year: string) => `${make.toUpperCase()}|${model.toUpperCase()}|${year}`;
  const hanging = new Set<ServerResponse>();
  const fake: Omit<TFakeNhtsa, 'url' | 'close'> = {
    requests: [],
    mode: 'ok',
    addRecall(vehicle, recall) {
      const k = keyOf(vehicle.make, vehicle.model, String(vehicle.year));
      recalls.set(k, [...(recalls.get(k) ?? []), recall]);
    },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/recalls/recallsByVehicle') {
      res.writeHead(404).end();
      return;
    }
    const make = url.searchParams.get('make');
    const model = url.searchParams.get('model');
    const modelYear = url.searchParams.get('modelYear');
    fake.requests.push({ make, model, modelYear });
    if (fake.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      return;
    }
    const results = recalls.get(keyOf(make ?? '', model ?? '', modelYear ?? '')) ?? [];
    const body = {
      Count: results.length,
      Message: 'Results returned successfully ',
      results: results.map((r) => ({ Manufacturer: make, ModelYear: modelYear, Make: make, Model: model, ...r })),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake as TFakeNhtsa, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
