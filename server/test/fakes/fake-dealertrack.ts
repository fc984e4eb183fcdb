/**
 * A fake Dealertrack OpenTrack server for tests (protocols/dms-and-payments.md §1.11): real HTTP on 127.0.0.1,
 * SOAP 1.1/1.2 on /ServiceAPI.asmx, /CustomerAPI.asmx and /WebService.asmx (STAR ProcessMessage), dispatching on
 * SOAPAction. It checks the WS-Security UsernameToken (Timestamp and the password Type optional), the Dealer block's
 * exact casing per operation and the dealer's grant, and answers with the doc's sample data and format quirks
 * (YYYYMMDD dates, `0` sentinels, empty `<X />`, numbers as strings). Written apart from src/ on purpose.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import {
  otClosedRepairOrderXml,
  otOpenRepairOrderXml,
  otServiceWriterXml,
  sampleClosedRepairOrder,
  sampleCustomerXml,
  sampleOpenRepairOrder,
  sampleServiceWriters,
  type TFakeOtLine,
  type TFakeOtRepairOrder,
} from './fake-dealertrack-data';

export * from './fake-dealertrack-data';

const OT = 'opentrack.dealertrack.com';
const STAR_ACTION = 'http://www.starstandards.org/webservices/2005/10/transport/operations/ProcessMessage';

export interface TFakeOtRequest {
  path: string;
  soapAction: string;
  /** the operation the fake dispatched to ('' when refused before) */
  operation: string;
  rawBody: string;
  authorized: boolean;
}

export interface TFakeDealertrack {
  baseUrl: string;
  username: string;
  password: string;
  /** EnterpriseCode → CompanyNumbers that granted us access. */
  grants: Map<string, Set<string>>;
  requests: TFakeOtRequest[];
  openRepairOrders: TFakeOtRepairOrder[];
  closedRepairOrders: TFakeOtRepairOrder[];
  serviceWriters: Array<{ id: string; name: string; active: boolean }>;
  /** The next n requests answer HTTP `status` (500 gives a server SOAP fault, others a plain page). */
  failNext(n: number, status: number): void;
  /** The next n requests wait this long before answering (to exercise client timeouts). */
  delayNext(ms: number, n?: number): void;
  /** The next answer is this raw text with HTTP 200 (hostile or broken XML). */
  answerNextRaw(body: string): void;
  close(): Promise<void>;
}

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, processEntities: false });
type TNode = Record<string, unknown>;
const obj = (v: unknown): TNode | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TNode) : undefined);
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(lt|gt|amp|quot|apos);/g, (_m, e: string) => ENTITIES[e]!);
const text = (v: unknown): string => decode(typeof v === 'string' ? v : typeof obj(v)?.['#text'] === 'string' ? (obj(v)!['#text'] as string) : '');

function envelope(body: string, soap12: boolean): string {
  const ns = soap12 ? 'http://www.w3.org/2003/05/soap-envelope' : 'http://schemas.xmlsoap.org/soap/envelope/';
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

function fault(code: string, reason: string): string {
  return `<soap:Fault><faultcode>${code}</faultcode><faultstring>${reason}</faultstring><detail /></soap:Fault>`;
}

const accessError = '<Errors><Error><Code>311</Code><Message>Access validation error: Dealer has not granted access to Vendor.</Message></Error></Errors>';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeDealertrack(opts: { username?: string; password?: string } = {}): Promise<TFakeDealertrack> {
  const username = opts.username ?? 'courier_vendor';
  const password = opts.password ?? 'Vend0r-Pa55word!';
  const grants = new Map([['ZE', new Set(['ZE7'])]]);
  const requests: TFakeOtRequest[] = [];
  const openRepairOrders = [sampleOpenRepairOrder()];
  const closedRepairOrders = [sampleClosedRepairOrder()];
  const serviceWriters = sampleServiceWriters();
  const failures: number[] = [];
  const delays: number[] = [];
  const raws: string[] = [];

  /** Dealer block under `parent` with this exact element name; null when missing or differently cased. */
  function dealerOf(parent: TNode | undefined, name: 'Dealer' | 'dealer'): { enterprise: string; company: string } | null {
    const d = obj(parent?.[name]);
    if (!d) return null;
    return { enterprise: text(d.EnterpriseCode), company: text(d.CompanyNumber) };
  }
  const granted = (d: { enterprise: string; company: string }) => grants.get(d.enterprise)?.has(d.company) ?? false;

  function findRo(number: string, company: string) {
    return openRepairOrders.find((r) => r.repairOrderNumber === number && r.companyNumber === company);
  }

  /** ServiceAPI / CustomerAPI operations: root element in the OpenTrack namespace under Body. */
  function serviceOperation(op: string, root: TNode, raw: string): string {
    // The parser drops xmlns attributes, so the namespace is checked on the raw text.
    if (!raw.includes(`<${op} xmlns="${OT}">`)) return fault('soap:Client', `Unknown root element namespace for ${op}`);
    if (op === 'OpenRepairOrderLookup') {
      const d = dealerOf(root, 'Dealer');
      if (!d) return fault('soap:Client', 'Dealer is required');
      if (!granted(d)) return `<OpenRepairOrderLookupResult xmlns="${OT}/transitional">${accessError}</OpenRepairOrderLookupResult>`;
      const parms = obj(root.LookupParms) ?? {};
      const after = text(parms.ModifiedAfter) ? Date.parse(text(parms.ModifiedAfter)) : null;
      if (after !== null && Number.isNaN(after)) return fault('soap:Client', 'ModifiedAfter is not a dateTime');
      const hits = openRepairOrders.filter(
        (r) =>
          r.companyNumber === d.company &&
          (!text(parms.RepairOrderNumber) || r.repairOrderNumber === text(parms.RepairOrderNumber)) &&
          (!text(parms.VIN) || r.vin === text(parms.VIN)) &&
          (after === null || r.modifiedAt.getTime() > after),
      );
      return `<OpenRepairOrderLookupResult xmlns="${OT}/transitional">${hits.map(otOpenRepairOrderXml).join('')}</OpenRepairOrderLookupResult>`;
    }
    if (op === 'GetClosedRepairOrders') {
      const d = dealerOf(root, 'dealer');
      if (!d || !obj(root.request)) return fault('soap:Client', 'dealer and request are required');
      const wrap = (inner: string) =>
        `<GetClosedRepairOrdersResponse xmlns="${OT}"><GetClosedRepairOrdersResult>${inner}</GetClosedRepairOrdersResult></GetClosedRepairOrdersResponse>`;
      if (!granted(d)) return wrap(accessError);
      const req = obj(root.request)!;
      const start = text(req.FinalCloseDateStart).replace(/-/g, '').slice(0, 8);
      const end = text(req.FinalCloseDateEnd).replace(/-/g, '').slice(0, 8);
      const hits = closedRepairOrders.filter(
        (r) => r.companyNumber === d.company && (!start || r.finalCloseDate >= start) && (!end || r.finalCloseDate <= end),
      );
      return wrap(`<ClosedRepairOrders>${hits.map(otClosedRepairOrderXml).join('')}</ClosedRepairOrders><Errors />`);
    }
    if (op === 'CustomerLookup') {
      const d = dealerOf(root, 'Dealer');
      if (!d) return fault('soap:Client', 'Dealer is required');
      if (!granted(d)) return `<CustomerLookupResult xmlns="${OT}/transitional">${accessError}</CustomerLookupResult>`;
      const found = text(root.CustomerNumber) === '1000171';
      return `<CustomerLookupResult xmlns="${OT}/transitional">${found ? sampleCustomerXml() : ''}</CustomerLookupResult>`;
    }
    return fault('soap:Client', `Server did not recognize the value of HTTP Header SOAPAction: ${OT}/${op}.`);
  }

  /** STAR ProcessMessage payloads (WebService.asmx). */
  function starOperation(content: TNode, element: string): string {
    const payload = obj(content[element]);
    const d = dealerOf(payload, 'Dealer');
    const respond = (inner: string) =>
      `<ProcessMessageResponse xmlns="http://www.starstandards.org/webservices/2005/10/transport"><payload><content id="Content0">${inner}</content></payload></ProcessMessageResponse>`;
    if (!payload || !d) return fault('soap:Client', `${element} with a Dealer block is required`);
    if (!granted(d)) return respond(`<Error><Code>311</Code><Message>Access validation error: Dealer has not granted access to Vendor.</Message></Error>`);
    if (element === 'ServiceWritersTableRequest')
      return respond(`<ServiceWritersTable xmlns="">${serviceWriters.map((w) => otServiceWriterXml(w, d.company)).join('')}</ServiceWritersTable>`);
    if (element === 'AddRepairOrderLines') {
      const number = text(payload.RepairOrderNumber);
      const ro = findRo(number, d.company);
      const writer = serviceWriters.find((w) => w.id === text(payload.ServiceWriterID) && w.active);
      const failure = (code: string, message: string) =>
        respond(
          `<AddRepairOrderLinesResponse><RepairOrderNumber>${number}</RepairOrderNumber><Failure><Message>Repair Order failed to add new line items.</Message><Errors><Error><Code>${code}</Code><Message>${message}</Message></Error></Errors></Failure></AddRepairOrderLinesResponse>`,
        );
      if (!ro) return failure('RO01', 'Repair Order not found');
      if (!writer || ro.serviceWriterId !== writer.id) return failure('RO27', 'Incorrect ServiceWriterID for RepairOrder');
      const itemsNode = obj(payload.LineItems)?.LineItem;
      const items = (Array.isArray(itemsNode) ? itemsNode : itemsNode ? [itemsNode] : []).map((i) => obj(i) ?? {});
      if (items.length === 0) return failure('RO30', 'No line items');
      for (const i of items) {
        const line: TFakeOtLine = {
          serviceLineNumber: text(i.ServiceLineNumber),
          lineType: text(i.LineType),
          transCode: text(i.TransCode),
          comments: text(i.Comments),
          lineStatus: text(i.LineStatus),
          laborOpCode: text(i.LaborOpCode),
          netItemTotal: '0',
        };
        if (!line.serviceLineNumber || (line.laborOpCode === '*' && !line.comments)) return failure('RO31', 'Comments are required when LaborOpCode is *');
        ro.details.push(line);
      }
      ro.modifiedAt = new Date();
      return respond(
        `<AddRepairOrderLinesResponse><RepairOrderNumber>${number}</RepairOrderNumber><Success><Message>Repair Order successfully updated.</Message></Success></AddRepairOrderLinesResponse>`,
      );
    }
    return fault('soap:Client', `Unknown STAR payload ${element}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '').split('?')[0]!.toLowerCase();
    const contentType = req.headers['content-type'] ?? '';
    const soap12 = contentType.startsWith('application/soap+xml');
    const actionHeader = (req.headers.soapaction as string | undefined) ?? /action="([^"]*)"/.exec(contentType)?.[1] ?? '';
    const soapAction = actionHeader.replace(/^"|"$/g, '');
    const entry: TFakeOtRequest = { path, soapAction, operation: '', rawBody: raw, authorized: false };
    requests.push(entry);
    const send = (status: number, body: string) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': soap12 ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8' });
      res.end(body);
    };
    const delay = delays.shift();
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const rawAnswer = raws.shift();
    if (rawAnswer !== undefined) return send(200, rawAnswer);
    const failStatus = failures.shift();
    if (failStatus === 500)
      return send(500, envelope(fault('soap:Server', 'Server was unable to process request. ---> Service temporarily unavailable'), soap12));
    if (failStatus) return send(failStatus, '<html><body>Service Unavailable</body></html>');
    if (req.method !== 'POST' || !['/serviceapi.asmx', '/customerapi.asmx', '/webservice.asmx'].includes(path)) return send(404, 'Not found');
    if (!(contentType.startsWith('text/xml') || soap12)) return send(415, 'Unsupported media type');
    let doc: TNode;
    try {
      doc = parser.parse(raw) as TNode;
    } catch {
      return send(400, 'Bad request');
    }
    const env = obj(doc.Envelope);
    const token = obj(obj(obj(env?.Header)?.Security)?.UsernameToken);
    entry.authorized = !!token && text(token.Username) === username && text(token.Password) === password;
    if (!entry.authorized)
      return send(500, envelope(fault('wsse:FailedAuthentication', 'The security token could not be authenticated or authorized'), soap12));
    const body = obj(env?.Body) ?? {};
    if (path === '/webservice.asmx') {
      if (soapAction !== STAR_ACTION) return send(500, envelope(fault('soap:Client', 'Unknown SOAPAction'), soap12));
      const manifest = obj(obj(obj(env?.Header)?.PayloadManifest)?.manifest);
      const element = String(manifest?.['@_element'] ?? '');
      const content = obj(obj(obj(body.ProcessMessage)?.payload)?.content) ?? {};
      entry.operation = element;
      const answer = starOperation(content, element);
      return send(answer.includes('<soap:Fault>') ? 500 : 200, envelope(answer, soap12));
    }
    const op = soapAction.startsWith(`${OT}/`) ? soapAction.slice(OT.length + 1) : '';
    const root = obj(body[op]);
    entry.operation = op;
    const expected = op === 'CustomerLookup' ? '/customerapi.asmx' : '/serviceapi.asmx';
    if (!op || !root || path !== expected)
      return send(500, envelope(fault('soap:Client', `Server did not recognize the value of HTTP Header SOAPAction: ${soapAction}.`), soap12));
    const answer = serviceOperation(op, root, raw);
    return send(answer.includes('<soap:Fault>') ? 500 : 200, envelope(answer, soap12));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    username,
    password,
    grants,
    requests,
    openRepairOrders,
    closedRepairOrders,
    serviceWriters,
    failNext: (n, status) => failures.push(...Array<number>(n).fill(status)),
    delayNext: (ms, n = 1) => delays.push(...Array<number>(n).fill(ms)),
    answerNextRaw: (body) => raws.push(body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
