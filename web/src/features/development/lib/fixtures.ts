import type { TApiRequestDetail, TDevStats, TWebhookRequestDetail } from '@cd/contracts/dev-logs';

/** Test data shaped as the development API answers. */
export function apiCall(id: number, patch: Partial<TApiRequestDetail> = {}): TApiRequestDetail {
  return {
    '@id': `/api/development/api_requests/${id}`,
    '@type': 'ApiRequest',
    id,
    companyId: 4,
    companyName: 'Lakeside Motors',
    vendor: 'twilio',
    operation: 'messages.create',
    method: 'POST',
    url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json',
    status: 201,
    statusClass: '2xx',
    durationMs: 182,
    error: null,
    subjectType: 'message',
    subjectId: 900 + id,
    createdAt: '2026-11-28T10:00:00.000Z',
    requestHeaders: { Authorization: '[redacted]', 'Content-Type': 'application/x-www-form-urlencoded' },
    requestBody: "To=%2B15551230000&Body=It's+ready",
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"sid":"SM1","status":"queued"}',
    ...patch,
  };
}

export function webhookEntry(id: number, patch: Partial<TWebhookRequestDetail> = {}): TWebhookRequestDetail {
  return {
    '@id': `/api/development/webhook_requests/${id}`,
    '@type': 'WebhookRequest',
    id,
    companyId: 4,
    companyName: 'Lakeside Motors',
    source: 'sms_provider',
    method: 'POST',
    url: '/api/webhooks/twilio/4',
    status: 200,
    verification: 'valid',
    outcome: 'processed',
    error: null,
    durationMs: 12,
    replayOf: null,
    replayCount: 0,
    createdAt: '2026-11-28T10:00:00.000Z',
    requestHeaders: { 'x-twilio-signature': '[redacted]' },
    contentType: 'application/x-www-form-urlencoded',
    body: 'MessageSid=SM9&Body=Hi',
    responseBody: '<Response/>',
    ...patch,
  };
}

export function devStats(patch: Partial<TDevStats> = {}): TDevStats {
  const figures = { calls: 120, errors: 6, errorRate: 0.05, callsPerMinute: 0.08, p50Ms: 140, p95Ms: 820 };
  return {
    from: '2026-11-27T12:00:00.000Z',
    to: '2026-11-28T12:00:00.000Z',
    bucketSeconds: 3600,
    total: figures,
    byVendor: [{ ...figures, vendor: 'twilio' }],
    byCompany: [{ ...figures, companyId: 4, companyName: 'Lakeside Motors' }],
    series: [
      { at: '2026-11-28T10:00:00.000Z', calls: 70, errors: 2, p95Ms: 700 },
      { at: '2026-11-28T11:00:00.000Z', calls: 50, errors: 4, p95Ms: 900 },
    ],
    webhooks: { received: 40, rejected: 2, failed: 1 },
    queue: { due: 3, scheduled: 10, running: 1, failed: 0, oldestDueAgeSeconds: 95, byKind: [{ kind: 'send-message', due: 3, oldestDueAgeSeconds: 95 }] },
    ...patch,
  };
}
