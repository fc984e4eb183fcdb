import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { redactWebhookBody, redactWebhookHeaders, redactWebhookUrl } from '../modules/development/webhook-log.redact';
import { webhookRequests, type TNewWebhookRequest } from '../modules/development/webhook-log.schema';

/**
 * The webhook log of the demo (issue 20): the latest inbound texts Demo Motors' customers sent, as the Twilio
 * deliveries that brought them (MessageSid = the message's provider id), one redelivery of one of them (duplicate),
 * one forged delivery (bad signature) and one card-processor event the simulator-backed demo refuses (unknown company:
 * no processor webhook is configured). Everything goes through the log's own redactor, as live deliveries do.
 */

const FORM = 'application/x-www-form-urlencoded';
const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const ACCOUNT_SID = 'AC0000000000000000000000000000demo';

function twilioHeaders(signature: string) {
  return {
    host: 'demo.courier-desk.example',
    'content-type': FORM,
    'user-agent': 'TwilioProxy/1.1',
    'x-twilio-signature': signature,
    'i-twilio-idempotency-token': signature.slice(0, 12),
  };
}

function entry(
  e: Omit<TNewWebhookRequest, 'requestHeaders' | 'body' | 'url'> & { url: string; headers: Record<string, string>; body: string },
): TNewWebhookRequest {
  const { headers, body, url, ...rest } = e;
  return {
    ...rest,
    url: redactWebhookUrl(url),
    requestHeaders: redactWebhookHeaders({ headers, drop: [] }),
    body: redactWebhookBody({ contentType: e.contentType ?? null, text: body }),
  };
}

export async function seedDemoWebhookLog(tx: TTx, opts: { motorsId: number; motorsSlug: string; motorsPhone: string }): Promise<void> {
  const res = await tx.execute(sql`
    select m.provider_message_id as sid, m.content, m.created_at, c.phone
    from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
    where m.company_id = ${opts.motorsId} and m.direction = 'INBOUND' and m.provider_message_id is not null and c.phone is not null
    order by m.created_at desc limit 8`);
  const inbound = (res.rows as Array<{ sid: string; content: string; created_at: string | Date; phone: string }>).reverse();
  const url = `/api/webhooks/sms-provider/${opts.motorsSlug}/inbound`;
  const form = (m: (typeof inbound)[number]) =>
    new URLSearchParams({ MessageSid: m.sid, AccountSid: ACCOUNT_SID, From: m.phone, To: opts.motorsPhone, Body: m.content, NumMedia: '0' }).toString();
  const signatureOf = (text: string) => createHash('sha1').update(text).digest('base64');
  const rows: TNewWebhookRequest[] = inbound.map((m, i) =>
    entry({
      companyId: opts.motorsId,
      source: 'sms_provider',
      method: 'POST',
      url,
      headers: twilioHeaders(signatureOf(m.sid)),
      contentType: FORM,
      body: form(m),
      status: 200,
      verification: 'valid',
      outcome: 'processed',
      error: null,
      responseBody: TWIML,
      durationMs: 38 + ((i * 17) % 60),
      createdAt: new Date(m.created_at),
    }),
  );
  const redelivered = inbound.at(-1);
  if (redelivered)
    rows.push(
      entry({
        companyId: opts.motorsId,
        source: 'sms_provider',
        method: 'POST',
        url,
        headers: twilioHeaders(signatureOf(redelivered.sid)),
        contentType: FORM,
        body: form(redelivered),
        status: 200,
        verification: 'duplicate',
        outcome: 'ignored',
        error: null,
        responseBody: TWIML,
        durationMs: 21,
        createdAt: new Date(new Date(redelivered.created_at).getTime() + 15_000),
      }),
    );
  const now = Date.now();
  rows.push(
    entry({
      companyId: opts.motorsId,
      source: 'sms_provider',
      method: 'POST',
      url,
      headers: twilioHeaders('forgedSignatureValue000000='),
      contentType: FORM,
      body: new URLSearchParams({
        MessageSid: 'SM00000000000000000000000000forged',
        AccountSid: ACCOUNT_SID,
        From: '+15555550199',
        To: opts.motorsPhone,
        Body: 'Click here to claim your prize',
        NumMedia: '0',
      }).toString(),
      status: 403,
      verification: 'bad_signature',
      outcome: 'ignored',
      error: 'Invalid X-Twilio-Signature.',
      responseBody: JSON.stringify({ title: 'Forbidden', status: 403, detail: 'Invalid X-Twilio-Signature.' }),
      durationMs: 9,
      createdAt: new Date(now - 2 * 3600_000),
    }),
    entry({
      companyId: opts.motorsId,
      source: 'payment',
      method: 'POST',
      url: `/api/webhooks/payment/usaepay/${opts.motorsSlug}/transaction`,
      headers: {
        host: 'demo.courier-desk.example',
        'content-type': 'application/json',
        'user-agent': 'USAePay-Webhooks/1.0',
        'x-signature': 'c0ffee00c0ffee00c0ffee00c0ffee00',
      },
      contentType: 'application/json',
      body: JSON.stringify({
        type: 'event',
        event_triggered: new Date(now - 3600_000).toISOString().slice(0, 19).replace('T', ' '),
        event_type: 'transaction.sale.success',
        event_body: { object: { type: 'transaction', key: 'demo-sale-key', amount_detail: { amount: '249.00' }, creditcard: { number: '4000100011112224' } } },
        event_id: 'demo-event-0001',
      }),
      status: 404,
      verification: 'unknown_company',
      outcome: 'ignored',
      error: 'No payment webhook is configured for this company.',
      responseBody: JSON.stringify({ title: 'Not Found', status: 404, detail: 'No payment webhook is configured for this company.' }),
      durationMs: 12,
      createdAt: new Date(now - 3600_000),
    }),
  );
  await tx.insert(webhookRequests).values(rows);
}
