import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { apiCalls, type TNewApiCall } from '../lib/outside-calls/api-calls.schema';
import { toApiCallRow, type TOutsideCall } from '../lib/outside-calls/recorder';

/**
 * The outgoing API log of the demo (issue 20): Demo Motors' latest outbound texts as the Twilio `messages.create`
 * calls that sent them (the demo's SMS provider; sid = the message's provider id, same company, the message as
 * subject), one of them after a 503 and a timed-out try, one refused with 400 (invalid number), and a Dealertrack
 * repair-order import that failed on its credentials. Every row goes through the real redactor (toApiCallRow), so
 * the demo's auth headers and SOAP password show as `[redacted]`, as live calls do.
 */

const ACCOUNT_SID = 'AC0000000000000000000000000000demo';
/** Demo credentials: never real, and stored redacted all the same. */
const DEMO_AUTH_TOKEN = 'demo-auth-token-0000000000';
const DEMO_DT_PASSWORD = 'demo-dealertrack-password';
const TWILIO_URL = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;

interface TSentRow {
  id: number;
  sid: string | null;
  content: string | null;
  at: string | Date;
  phone: string;
}

function twilioCall(o: {
  m: TSentRow;
  from: string;
  companyId: number;
  status: number | null;
  durationMs: number;
  error?: string;
  response?: unknown;
}): TOutsideCall {
  return {
    vendor: 'twilio',
    operation: 'messages.create',
    method: 'POST',
    url: TWILIO_URL,
    status: o.status,
    durationMs: o.durationMs,
    error: o.error ?? null,
    requestHeaders: {
      authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${DEMO_AUTH_TOKEN}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    requestBody: new URLSearchParams({ To: o.m.phone, From: o.from, Body: o.m.content ?? '' }).toString(),
    responseHeaders: o.status === null ? {} : { 'content-type': 'application/json', 'twilio-request-id': `RQ${o.m.id.toString().padStart(30, '0')}` },
    responseBody: o.response === undefined ? null : JSON.stringify(o.response),
    secrets: [DEMO_AUTH_TOKEN],
    companyId: o.companyId,
    subjectType: 'message',
    subjectId: o.m.id,
  };
}

export async function seedDemoApiLog(tx: TTx, opts: { motorsId: number; motorsPhone: string }): Promise<void> {
  const res = await tx.execute(sql`
    select m.id::int as id, m.provider_message_id as sid, m.content, coalesce(m.sent_at, m.created_at) as at, c.phone
    from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
    where m.company_id = ${opts.motorsId} and m.direction = 'OUTBOUND' and c.phone is not null
    order by m.created_at desc limit 30`);
  const sent = (res.rows as unknown as TSentRow[]).reverse();
  const rows: TNewApiCall[] = [];
  const at = (m: TSentRow, minusMs = 0) => new Date(new Date(m.at).getTime() - minusMs);
  sent.forEach((m, i) => {
    const ok = { sid: m.sid ?? `SM${m.id}`, status: 'queued', to: m.phone, from: opts.motorsPhone, account_sid: ACCOUNT_SID, num_segments: '1' };
    // The fourth message went out on the third try: a 503 from Twilio, then no answer within 15 s.
    if (i === 3) {
      rows.push(
        toApiCallRow(
          twilioCall({
            m,
            from: opts.motorsPhone,
            companyId: opts.motorsId,
            status: 503,
            durationMs: 212,
            error: 'HTTP 503',
            response: { code: 20500, message: 'Service unavailable' },
          }),
          at(m, 75_000),
        ),
        toApiCallRow(twilioCall({ m, from: opts.motorsPhone, companyId: opts.motorsId, status: null, durationMs: 15_000, error: 'timed out' }), at(m, 45_000)),
      );
    }
    rows.push(
      toApiCallRow(twilioCall({ m, from: opts.motorsPhone, companyId: opts.motorsId, status: 201, durationMs: 140 + ((i * 37) % 180), response: ok }), at(m)),
    );
  });
  const last = sent.at(-1);
  if (last) {
    // A typo'd number, refused by Twilio (the agent then fixed it and the text above went out).
    const bad = { ...last, phone: `${last.phone.slice(0, -1)}` };
    rows.push(
      toApiCallRow(
        twilioCall({
          m: bad,
          from: opts.motorsPhone,
          companyId: opts.motorsId,
          status: 400,
          durationMs: 96,
          error: 'HTTP 400',
          response: { code: 21211, message: `The 'To' number ${bad.phone} is not a valid phone number.`, status: 400 },
        }),
        at(last, 120_000),
      ),
    );
    rows.push(
      toApiCallRow(
        {
          vendor: 'dealertrack',
          operation: 'GetClosedRepairOrders',
          method: 'POST',
          url: 'https://otqa.arkona.com/OpenTrack/ServiceAPI.asmx',
          status: 500,
          durationMs: 1840,
          error: 'Dealertrack rejected the credentials (Login failed).',
          requestHeaders: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"opentrack.dealertrack.com/GetClosedRepairOrders"' },
          requestBody:
            '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header><wsse:Security><wsse:UsernameToken>' +
            `<wsse:Username>demo-motors</wsse:Username><wsse:Password Type="PasswordText">${DEMO_DT_PASSWORD}</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>` +
            '<soap:Body><GetClosedRepairOrders><Dealer><CompanyNumber>ZE7</CompanyNumber><EnterpriseCode>ZE</EnterpriseCode></Dealer></GetClosedRepairOrders></soap:Body></soap:Envelope>',
          responseHeaders: { 'content-type': 'text/xml; charset=utf-8' },
          responseBody:
            '<soap:Envelope><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Login failed.</faultstring></soap:Fault></soap:Body></soap:Envelope>',
          secrets: [DEMO_DT_PASSWORD],
          companyId: opts.motorsId,
          subjectType: 'dms_sync',
          subjectId: null,
        },
        at(last, 3_600_000),
      ),
    );
  }
  if (rows.length) await tx.insert(apiCalls).values(rows);
}
