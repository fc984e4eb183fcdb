import { DmsError } from '../dms-error';
import { redactDmsText } from '../dms-redact';
import { escapeXml, findAllXml, findXml, parseXml, xmlText, type TXmlNode } from '../dms-xml';

/** Wire constants of OpenTrack (protocol doc §1.2, §1.7). */
export const OT_NAMESPACE = 'opentrack.dealertrack.com';
export const STAR_NAMESPACE = 'http://www.starstandards.org/webservices/2005/10/transport';
export const STAR_ACTION = `${STAR_NAMESPACE}/operations/ProcessMessage`;
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

/** Dealertrack error codes that mean "this vendor may not act for this dealer" rather than "bad request". */
const ACCESS_CODES = new Set(['311']);

export interface TOtCredentials {
  username: string;
  password: string;
}

export interface TOtDealer {
  companyNumber: string;
  enterpriseCode: string;
  serverName?: string;
}

/** `<Name>value</Name>`, escaped; empty string for null/undefined so optional parameters are simply left out. */
export function el(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The Dealer block; the element name's case differs per operation (Dealer vs dealer, §1.2) and the server is strict. */
export function dealerBlock(dealer: TOtDealer, elementName: 'Dealer' | 'dealer'): string {
  return `<${elementName}>${el('CompanyNumber', dealer.companyNumber)}${el('EnterpriseCode', dealer.enterpriseCode)}${el('ServerName', dealer.serverName ?? '')}</${elementName}>`;
}

/** STAR payloads list EnterpriseCode first (OT-NET requests). */
export function starDealerBlock(dealer: TOtDealer): string {
  return `<Dealer>${el('EnterpriseCode', dealer.enterpriseCode)}${el('CompanyNumber', dealer.companyNumber)}</Dealer>`;
}

function securityHeader(creds: TOtCredentials): string {
  return (
    `<wsse:Security soap:mustUnderstand="1" xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}">` +
    `<wsse:UsernameToken>${el('wsse:Username', creds.username)}` +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(creds.password)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security>`
  );
}

/** A SOAP 1.1 envelope with the WS-Security UsernameToken (plain-text password over TLS, as every client sends). */
export function buildEnvelope(o: { credentials: TOtCredentials; body: string; extraHeader?: string }): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="${SOAP_NS}" xmlns:tran="${STAR_NAMESPACE}">` +
    `<soap:Header>${securityHeader(o.credentials)}${o.extraHeader ?? ''}</soap:Header>` +
    `<soap:Body>${o.body}</soap:Body></soap:Envelope>`
  );
}

/** A STAR ProcessMessage envelope carrying one payload element (WebService.asmx, §1.7). */
export function buildStarEnvelope(o: { credentials: TOtCredentials; element: string; content: string }): string {
  const manifest = `<tran:PayloadManifest><tran:manifest contentID="Content0" namespaceURI="" element="${o.element}" version="1.0"/></tran:PayloadManifest>`;
  const body = `<tran:ProcessMessage><tran:payload><tran:content id="Content0"><${o.element} xmlns="">${o.content}</${o.element}></tran:content></tran:payload></tran:ProcessMessage>`;
  return buildEnvelope({ credentials: o.credentials, body, extraHeader: manifest });
}

function fail(o: { kind: DmsError['kind']; message: string; status: number; vendorCode?: string | null; retryable?: boolean; cause?: unknown }): DmsError {
  return new DmsError({ vendor: 'dealertrack', ...o });
}

/**
 * Turns an OpenTrack HTTP answer into the SOAP Body, or the right DmsError: a SOAP Fault (how ASMX/WSE report bad
 * WS-Security credentials, HTTP 500), an `<Error>` anywhere in the tree (§1.10: clients look everywhere), or a
 * plain HTTP failure.
 */
export function readSoapAnswer(o: { status: number; body: string; operation: string; secrets: readonly string[] }): TXmlNode {
  const { status, operation } = o;
  const clean = (text: string) => redactDmsText({ text, secrets: o.secrets });
  let doc: TXmlNode | null = null;
  try {
    doc = parseXml(o.body);
  } catch (err) {
    if (status === 200)
      throw fail({ kind: 'unavailable', status, message: `Dealertrack answered ${operation} with something that is not valid XML.`, cause: err });
  }
  const fault = findXml(doc ?? undefined, 'Fault');
  if (fault) {
    const code = xmlText(fault, 'faultcode') || xmlText(findXml(fault, 'Code'), 'Value');
    const reason = clean(xmlText(fault, 'faultstring') || xmlText(findXml(fault, 'Reason'), 'Text') || 'no reason given');
    const authish = /security|authenticat|authoriz|credential|password|username/i.test(`${code} ${reason}`);
    if (authish) throw fail({ kind: 'auth', status, vendorCode: code || null, message: `Dealertrack refused our credentials for ${operation}: ${reason}` });
    const clientFault = /client|sender/i.test(code);
    throw fail({
      kind: clientFault ? 'rejected' : 'unavailable',
      status,
      vendorCode: code || null,
      message: `Dealertrack could not process ${operation}: ${reason}`,
    });
  }
  if (status !== 200) throw httpFailure({ status, operation });
  const body = findXml(doc ?? undefined, 'Body');
  if (!body) throw fail({ kind: 'unavailable', status, message: `Dealertrack answered ${operation} without a SOAP body.` });
  const errors = findAllXml(body, 'Error').filter((e) => xmlText(e, 'Message') || xmlText(e, 'Code'));
  if (errors.length > 0) {
    const code = xmlText(errors[0], 'Code') || null;
    const text = clean(errors.map((e) => [xmlText(e, 'Code'), xmlText(e, 'Message')].filter(Boolean).join(' ')).join('; '));
    if (code && ACCESS_CODES.has(code))
      throw fail({
        kind: 'auth',
        status,
        vendorCode: code,
        message: `Dealertrack refused ${operation}: ${text} (the dealer must enable our access in Dealertrack).`,
      });
    throw fail({ kind: 'rejected', status, vendorCode: code, message: `Dealertrack refused ${operation}: ${text}` });
  }
  return body;
}

function httpFailure(o: { status: number; operation: string }): DmsError {
  const { status, operation } = o;
  if (status === 401 || status === 403) return fail({ kind: 'auth', status, message: `Dealertrack refused access to ${operation} (HTTP ${status}).` });
  if (status === 429) return fail({ kind: 'rate_limited', status, message: `Dealertrack is limiting our calls (${operation}, HTTP 429).` });
  if (status === 408 || status >= 500) return fail({ kind: 'unavailable', status, message: `Dealertrack is unavailable (${operation}, HTTP ${status}).` });
  return fail({ kind: 'rejected', status, message: `Dealertrack refused ${operation} (HTTP ${status}).` });
}
