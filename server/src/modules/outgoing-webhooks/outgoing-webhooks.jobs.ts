import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@cd/contracts/outgoing-webhooks';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import { decryptSecret } from '../../lib/crypto';
import { recordOutsideCall } from '../../lib/outside-calls/recorder';
import { webhookPayloadOf } from './outgoing-webhooks.presenter';
import * as repo from './outgoing-webhooks.repository';
import { DELIVER_JOB_KIND } from './outgoing-webhooks.schema';
import { signWebhook } from './webhook-signature';
import { postWebhook, type TResolveHost } from './webhook-target';

/**
 * One delivery attempt per outbox job (docs/outgoing-webhooks.md "Retries", "Ordering", "Auto-disable"). The job waits
 * while an earlier delivery of the same entity to the same endpoint is pending; a failed attempt moves the job to its
 * next attempt (exponential, jittered); the last failure gives the delivery up and may switch the endpoint off.
 */

/** Seconds after the n-th failed attempt (n = 1..7) before the next: about 18.5 hours over 8 attempts. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 3600, 7200, 18_000, 36_000] as const;
/** How long a delivery parked behind an earlier one of its entity waits before it looks again (it is also woken). */
const WAIT_BEHIND_MS = 30_000;

/** The delay before attempt n + 1, jittered ±20% so a recovering receiver is not hit by every retry at once. */
export function retryDelayMs(opts: { attempt: number; random?: () => number }): number {
  const base = RETRY_DELAYS_SECONDS[Math.min(opts.attempt, RETRY_DELAYS_SECONDS.length) - 1]! * 1000;
  return Math.round(base * (0.8 + 0.4 * (opts.random ?? Math.random)()));
}

export interface TWebhookJobOptions {
  /** Test seams: the clock, the jitter and DNS. */
  now?: () => Date;
  random?: () => number;
  resolve?: TResolveHost;
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

export async function deliverWebhook(opts: {
  deps: Pick<TAppDeps, 'db' | 'config' | 'mailer'>;
  companyId: number;
  deliveryId: number;
  jobId: number;
  options?: TWebhookJobOptions;
}): Promise<void | 'rescheduled'> {
  const { deps, companyId } = opts;
  const now = opts.options?.now ?? (() => new Date());
  const scope = { companyId };

  const prepared = await runInScope(deps.db, scope, async (tx) => {
    const delivery = await repo.findDelivery(tx, { companyId, id: opts.deliveryId });
    if (!delivery || delivery.status !== 'pending') return null;
    const endpoint = await repo.findEndpoint(tx, { companyId, id: delivery.endpointId });
    if (!endpoint || !endpoint.enabled) {
      await repo.setDeliveryStatus(tx, { companyId, id: delivery.id, status: 'cancelled' });
      return null;
    }
    const earlier = await repo.findEarlierPending(tx, { companyId, endpointId: endpoint.id, entityKey: delivery.entityKey, id: delivery.id });
    if (earlier) {
      const at = Math.max(now().getTime() + WAIT_BEHIND_MS, (earlier.nextAttemptAt?.getTime() ?? 0) + 1000);
      await rescheduleJob(tx, { jobId: opts.jobId, runAt: new Date(at), error: `waiting for delivery ${earlier.id} of the same entity` });
      return 'rescheduled' as const;
    }
    return { delivery, endpoint };
  });
  if (prepared === null) return;
  if (prepared === 'rescheduled') return 'rescheduled';
  const { delivery, endpoint } = prepared;

  const secret = decryptSecret(deps.config.encryptionKey, endpoint.secret);
  const payload = webhookPayloadOf(delivery);
  const body = JSON.stringify(payload);
  const attemptedAt = now();
  // A rolled secret's predecessor signs too until its grace period ends (docs: "Rolling the secret").
  const inGrace = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > attemptedAt;
  const previousSecret = inGrace ? decryptSecret(deps.config.encryptionKey, endpoint.previousSecret!) : null;
  const headers = {
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook({ secret, previousSecret, body, timestamp: Math.floor(attemptedAt.getTime() / 1000) }),
    [WEBHOOK_EVENT_ID_HEADER]: payload.id,
  };
  const res = await postWebhook({ url: endpoint.url, allowHosts: deps.config.safeFetchAllowHosts, headers, body, resolve: opts.options?.resolve });
  const ok = isSuccess(res.status);
  const error = ok ? null : (res.error ?? `The endpoint answered HTTP ${res.status}.`);
  recordOutsideCall({
    vendor: 'webhook',
    operation: payload.type,
    method: 'POST',
    url: endpoint.url,
    status: res.status,
    durationMs: res.durationMs,
    error,
    requestHeaders: headers,
    requestBody: body,
    responseHeaders: res.responseHeaders,
    responseBody: res.body,
    secrets: previousSecret ? [secret, previousSecret] : [secret],
    companyId,
    subjectType: 'webhook_delivery',
    subjectId: delivery.id,
  });

  const attempt = delivery.attempts + 1;
  const gaveUp = !ok && attempt >= WEBHOOK_LIMITS.maxAttempts;
  const nextAttemptAt = ok || gaveUp ? null : new Date(attemptedAt.getTime() + retryDelayMs({ attempt, random: opts.options?.random }));
  const mailTo = await runInScope(deps.db, scope, async (tx) => {
    const recorded = await repo.recordAttempt(tx, {
      companyId,
      id: delivery.id,
      status: ok ? 'succeeded' : gaveUp ? 'failed' : 'pending',
      attemptedAt,
      nextAttemptAt,
      responseStatus: res.status,
      durationMs: res.durationMs,
      error: error?.slice(0, 1000) ?? null,
      responseBody: res.body === null ? null : res.body.slice(0, WEBHOOK_LIMITS.responseBytes),
    });
    // Cancelled meanwhile (the endpoint was switched off or deleted): nothing more to do.
    if (!recorded) return [];
    if (ok) await repo.markEndpointHealthy(tx, { companyId, id: endpoint.id });
    let disabled = false;
    if (!ok) {
      const state = await repo.markEndpointFailing(tx, { companyId, id: endpoint.id, at: attemptedAt, gaveUp });
      const failingFor = state ? attemptedAt.getTime() - state.failingSince.getTime() : 0;
      if (
        gaveUp &&
        state &&
        (state.failedEvents >= WEBHOOK_LIMITS.disableAfterFailedEvents || failingFor >= WEBHOOK_LIMITS.disableAfterFailingDays * 86_400_000)
      ) {
        disabled = await repo.autoDisableEndpoint(tx, { companyId, id: endpoint.id });
        if (disabled) await repo.cancelPendingDeliveries(tx, { companyId, endpointId: endpoint.id });
      }
    }
    if (nextAttemptAt) await rescheduleJob(tx, { jobId: opts.jobId, runAt: nextAttemptAt, error: error ?? undefined });
    else if (!disabled) await repo.wakeNextOfEntity(tx, { companyId, endpointId: endpoint.id, entityKey: delivery.entityKey, afterId: delivery.id });
    return disabled ? repo.companyAdminEmails(tx, { companyId }) : [];
  });
  for (const to of mailTo)
    await deps.mailer
      .send({
        to,
        subject: 'A webhook endpoint was disabled',
        text:
          `Deliveries to ${endpoint.url} kept failing, so the endpoint was switched off and its pending deliveries were cancelled.\n\n` +
          `Last error: ${error ?? 'unknown'}\n\nFix the receiver, then enable the endpoint again under Settings → Webhooks; ` +
          `failed deliveries can be replayed from its delivery log.\n`,
      })
      .catch(() => undefined);
  return nextAttemptAt ? 'rescheduled' : undefined;
}

export function createOutgoingWebhookJobHandlers(opts: { deps: TAppDeps; options?: TWebhookJobOptions }): Record<string, TJobHandler> {
  return {
    [DELIVER_JOB_KIND]: async ({ job }) => {
      const deliveryId = Number((job.payload as { deliveryId?: unknown }).deliveryId);
      if (!job.companyId || !Number.isSafeInteger(deliveryId)) return;
      return deliverWebhook({ deps: opts.deps, companyId: job.companyId, deliveryId, jobId: job.id, options: opts.options });
    },
  };
}
