import type { TWebhookDelivery, TWebhookEndpoint, TWebhookPayload } from '@cd/contracts/outgoing-webhooks';
import { iri } from '../../lib/hydra';
import type { TDeliveryRow, TEndpointRow } from './outgoing-webhooks.schema';

export function toEndpointResource(r: TEndpointRow, now = new Date()): TWebhookEndpoint {
  const grace = r.previousSecret && r.previousSecretExpiresAt && r.previousSecretExpiresAt > now ? r.previousSecretExpiresAt : null;
  return {
    '@id': iri('webhook_endpoints', r.id),
    '@type': 'WebhookEndpoint',
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    disabledReason: r.enabled ? null : (r.disabledReason ?? 'manual'),
    disabledAt: r.disabledAt?.toISOString() ?? null,
    failingSince: r.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: grace?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The body every attempt (and every replay) of a delivery POSTs: the same event id, time and data each time. */
export function webhookPayloadOf(d: Pick<TDeliveryRow, 'companyId' | 'eventPublicId' | 'type' | 'data' | 'eventCreatedAt'>): TWebhookPayload {
  return { id: `evt_${d.eventPublicId.replace(/-/g, '')}`, type: d.type, created_at: d.eventCreatedAt.toISOString(), company_id: d.companyId, data: d.data };
}

export function toDeliveryResource(d: TDeliveryRow): TWebhookDelivery {
  const payload = webhookPayloadOf(d);
  return {
    '@id': iri('webhook_deliveries', d.id),
    '@type': 'WebhookDelivery',
    id: d.id,
    endpointId: d.endpointId,
    eventId: payload.id,
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    durationMs: d.durationMs,
    error: d.error,
    responseBody: d.responseBody,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    replayOf: d.replayOf,
    createdAt: d.createdAt.toISOString(),
    payload,
  };
}
