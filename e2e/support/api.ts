import { expect } from 'vitest';
import { currentServer } from './server';
import { computeTwilioSignature } from '../../server/src/channels/sms-provider/twilio-webhooks';
import { DEMO_PASSWORD } from './browser';

/** Calls the running product's API directly (setup steps a person would do elsewhere). */
export async function apiCall<T = unknown>(opts: { token?: string; method?: string; path: string; body?: unknown }): Promise<{ status: number; json: T }> {
  const res = await fetch(`${currentServer().baseUrl}${opts.path}`, {
    method: opts.method ?? 'GET',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': opts.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function apiToken(email: string): Promise<string> {
  const res = await apiCall<{ token: string }>({ method: 'POST', path: '/api/login', body: { email, password: DEMO_PASSWORD } });
  expect(res.status).toBe(200);
  return res.json.token;
}

/** Posts a webhook the way the SMS provider does: form-encoded and signed with the company's auth token. */
export async function postSignedWebhook(opts: { path: string; params: Record<string, string> }): Promise<number> {
  const url = `${currentServer().baseUrl}${opts.path}`;
  const signature = computeTwilioSignature({ authToken: currentServer().twilio.authToken, url, params: opts.params });
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(opts.params).toString(),
  });
  return res.status;
}

/** What the fake provider received, read through Twilio's own list API. */
export async function providerMessages(): Promise<{ sid: string; to: string; from: string; body: string; num_media: string; direction: string }[]> {
  const t = currentServer().twilio;
  const res = await fetch(`${t.baseUrl}/2010-04-01/Accounts/${t.accountSid}/Messages.json?PageSize=1000`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${t.accountSid}:${t.authToken}`).toString('base64') },
  });
  return (await res.json()).messages;
}
