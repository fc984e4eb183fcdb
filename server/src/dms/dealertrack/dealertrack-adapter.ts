import { DmsError } from '../dms-error';
import { sendDmsRequest } from '../dms-http';
import { escapeXml, findAllXml, findXml, xmlChild, xmlList, xmlText, type TXmlNode } from '../dms-xml';
import { instantToLocalIso } from '../dms-values';
import type { TDmsAdapter, TDmsCommonOptions, TDmsPushLinesOptions, TDmsPushedLine, TDmsRepairOrder } from '../dms.types';
import {
  OT_NAMESPACE,
  STAR_ACTION,
  buildEnvelope,
  buildStarEnvelope,
  dealerBlock,
  el,
  readSoapAnswer,
  starDealerBlock,
  type TOtCredentials,
  type TOtDealer,
} from './dealertrack-soap';
import { mapClosedRepairOrder, mapCustomer, mapOpenRepairOrder, mapServiceWriter } from './dealertrack-map';

export const DEALERTRACK_PRODUCTION_URL = 'https://ot.dms.dealertrack.com';

export interface TDealertrackOptions extends TDmsCommonOptions {
  /** Where the .asmx services live (production, or e.g. `https://otcert.arkona.com/OpenTrack`). */
  baseUrl?: string;
  /** The product's vendor credentials, issued by Dealertrack (from server config, never per company). */
  credentials: TOtCredentials;
  /** The company's DMS settings: dtCompanyNumber, dtEnterpriseCode. */
  dealer: TOtDealer;
}

type TService = 'ServiceAPI' | 'CustomerAPI' | 'WebService';

/** OpenTrack's dateTime parameters as clients send them (`2024-05-01T00:00:00Z`). */
function otDateTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

export function createDealertrackAdapter(opts: TDealertrackOptions): TDmsAdapter {
  const baseUrl = (opts.baseUrl ?? DEALERTRACK_PRODUCTION_URL).replace(/\/+$/, '');
  const timeZone = opts.timeZone ?? 'UTC';
  // The password travels XML-escaped: scrub that spelling too.
  const secrets = [opts.credentials.password, escapeXml(opts.credentials.password)];
  const { dealer, credentials } = opts;

  async function call(o: { service: TService; operation: string; action: string; envelope: string; signal?: AbortSignal }): Promise<TXmlNode> {
    return sendDmsRequest(
      {
        vendor: 'dealertrack',
        operation: o.operation,
        method: 'POST',
        url: `${baseUrl}/${o.service}.asmx`,
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${o.action}"`, accept: 'text/xml' },
        body: o.envelope,
        timeoutMs: opts.timeoutMs,
        maxResponseBytes: opts.maxResponseBytes,
        signal: o.signal,
        onCall: opts.onCall,
        secrets,
        fetch: opts.fetch,
      },
      (res) => readSoapAnswer({ status: res.status, body: res.body, operation: o.operation, secrets }),
    );
  }

  function serviceApi(o: { operation: string; body: string; signal?: AbortSignal; service?: TService }) {
    const envelope = buildEnvelope({ credentials, body: `<${o.operation} xmlns="${OT_NAMESPACE}">${o.body}</${o.operation}>` });
    return call({ service: o.service ?? 'ServiceAPI', operation: o.operation, action: `${OT_NAMESPACE}/${o.operation}`, envelope, signal: o.signal });
  }

  async function star(o: { element: string; operation: string; content: string; signal?: AbortSignal }): Promise<TXmlNode> {
    const envelope = buildStarEnvelope({ credentials, element: o.element, content: o.content });
    return call({ service: 'WebService', operation: o.operation, action: STAR_ACTION, envelope, signal: o.signal });
  }

  async function lookupOpen(o: { parms: string; signal?: AbortSignal }): Promise<TXmlNode[]> {
    const body = await serviceApi({
      operation: 'OpenRepairOrderLookup',
      body: `${dealerBlock(dealer, 'Dealer')}<LookupParms>${o.parms}</LookupParms>`,
      signal: o.signal,
    });
    return xmlList(findXml(body, 'OpenRepairOrderLookupResult'), 'Result');
  }

  async function pushApprovedLines(p: TDmsPushLinesOptions): Promise<TDmsPushedLine[]> {
    if (p.lines.length === 0) return [];
    // The order's current lines give the next free line number, and show lines an earlier push already added
    // (its answer lost to a timeout): those are reported as pushed, not added twice.
    const [ro] = await lookupOpen({ parms: el('RepairOrderNumber', p.repairOrder.number), signal: p.signal });
    if (!ro)
      throw new DmsError({
        vendor: 'dealertrack',
        kind: 'rejected',
        message: `Repair order ${p.repairOrder.number} is not open in Dealertrack; lines cannot be added.`,
      });
    const existing = mapOpenRepairOrder(ro, timeZone).lines;
    const known = new Map(existing.map((l) => [l.description.trim().toUpperCase(), l.dmsLineKey]));
    let next = existing.reduce((max, l) => Math.max(max, Number(l.dmsLineKey) || 0), 0) + 1;
    const result: TDmsPushedLine[] = [];
    const items: string[] = [];
    for (const line of p.lines) {
      const already = known.get(line.description.trim().toUpperCase());
      if (already) {
        result.push({ ref: line.ref, dmsLineKey: already });
        continue;
      }
      const number = next++;
      result.push({ ref: line.ref, dmsLineKey: String(number) });
      // `*` = no labor op code, which makes Comments the line's text; A = labor/comment line, CP = customer pay,
      // I = not yet assigned to a technician, MR = the only service type the guide supports (§1.8).
      items.push(
        `<LineItem>${el('LaborOpCode', '*')}${el('ServiceLineNumber', number)}${el('LineType', 'A')}${el('TransCode', 'CP')}` +
          `${el('Comments', line.description.trim())}${el('LineStatus', 'I')}${el('ServiceType', 'MR')}</LineItem>`,
      );
    }
    if (items.length === 0) return result;
    const content =
      starDealerBlock(dealer) +
      el('RepairOrderNumber', p.repairOrder.number) +
      el('VIN', p.repairOrder.vin ?? xmlText(ro, 'VIN')) +
      el('CustomerNumber', p.repairOrder.customerDmsKey ?? (xmlText(ro, 'CustomerNumber') || xmlText(ro, 'CustomerKey'))) +
      el('ServiceWriterID', p.repairOrder.serviceWriterId ?? xmlText(ro, 'ServiceWriterID')) +
      `<LineItems>${items.join('')}</LineItems>`;
    const body = await star({ element: 'AddRepairOrderLines', operation: 'AddRepairOrderLines', content, signal: p.signal });
    const answer = findXml(body, 'AddRepairOrderLinesResponse');
    if (!answer || !xmlChild(answer, 'Success'))
      throw new DmsError({
        vendor: 'dealertrack',
        kind: 'rejected',
        message: `Dealertrack did not confirm the new lines on repair order ${p.repairOrder.number}.`,
      });
    return result;
  }

  return {
    vendor: 'dealertrack',

    async listOpenRepairOrders(o = {}) {
      const parms = o.modifiedSince ? el('ModifiedAfter', otDateTime(o.modifiedSince)) : '';
      const results = await lookupOpen({ parms, signal: o.signal });
      return results.map((r) => mapOpenRepairOrder(r, timeZone)).filter((r) => r.number !== '');
    },

    async listClosedRepairOrders(o) {
      // Dates in the dealership's own calendar: the DMS stores close dates without a zone.
      const day = (d: Date) => instantToLocalIso({ instant: d, timeZone }).slice(0, 10);
      const request = el('FinalCloseDateStart', day(o.since)) + el('FinalCloseDateEnd', day(o.until ?? new Date()));
      const body = await serviceApi({
        operation: 'GetClosedRepairOrders',
        body: `${dealerBlock(dealer, 'dealer')}<request>${request}</request>`,
        signal: o.signal,
      });
      const orders: TDmsRepairOrder[] = findAllXml(findXml(body, 'ClosedRepairOrders'), 'ClosedRepairOrder').map((r) => mapClosedRepairOrder(r, timeZone));
      return orders.filter((r) => r.number !== '');
    },

    async listServiceWriters(o = {}) {
      const body = await star({ element: 'ServiceWritersTableRequest', operation: 'ServiceWritersTable', content: starDealerBlock(dealer), signal: o.signal });
      return findAllXml(body, 'ServiceWriterRecord')
        .map(mapServiceWriter)
        .filter((w) => w.id !== '');
    },

    pushApprovedLines,

    async findCustomer(o) {
      const body = await serviceApi({
        service: 'CustomerAPI',
        operation: 'CustomerLookup',
        body: `<Dealer>${el('EnterpriseCode', dealer.enterpriseCode)}${el('CompanyNumber', dealer.companyNumber)}</Dealer>${el('CustomerNumber', o.dmsKey)}`,
        signal: o.signal,
      });
      const result = xmlChild(findXml(body, 'CustomerLookupResult'), 'Result');
      return result && xmlText(result, 'CustomerNumber') ? mapCustomer(result) : null;
    },
  };
}
