import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING_EVENT,
  type TWebhookDelivery,
  type TWebhookDeliveryListQuery,
  type TWebhookEndpoint,
  type TWebhookEndpointCreate,
  type TWebhookEndpointPatch,
  type TWebhookEndpointWithSecret,
} from '@cd/contracts/outgoing-webhooks';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { toDeliveryResource, toEndpointResource } from './outgoing-webhooks.presenter';
import * as repo from './outgoing-webhooks.repository';
import type { TEndpointRow } from './outgoing-webhooks.schema';
import { newWebhookSecret, SECRET_GRACE_SECONDS } from './webhook-signature';
import { checkWebhookUrl, WebhookTargetError, type TResolveHost } from './webhook-target';

/** Company admins manage their company's webhook endpoints (docs/outgoing-webhooks.md). */

const DEFAULT_PAGE = 30;

/** Test seam: DNS answers for the URL check (the system resolver otherwise). */
let resolveForChecks: TResolveHost | undefined;
export function setWebhookResolverForTests(resolve: TResolveHost | undefined): void {
  resolveForChecks = resolve;
}

function companyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'outgoing_webhooks', message: WEBHOOK_MESSAGES.forbidden });
  return resolveReadableCompanyId({ ctx });
}

async function loadEndpoint(tx: TTx, companyId: number, id: number, lock = false): Promise<TEndpointRow> {
  const row = await repo.findEndpoint(tx, { companyId, id, lock });
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return row;
}

/** 422 on the url field when the address is not a public https one (see webhook-target.ts). */
async function checkUrl(ctx: TRequestContext, url: string): Promise<void> {
  try {
    await checkWebhookUrl({ url, allowHosts: ctx.config.safeFetchAllowHosts, resolve: resolveForChecks });
  } catch (err) {
    if (err instanceof WebhookTargetError) throw validationError([{ propertyPath: 'url', message: err.message }]);
    throw err;
  }
}

const secretOf = (ctx: TRequestContext, row: TEndpointRow) => decryptSecret(ctx.config.encryptionKey, row.secret);

export async function listEndpoints(opts: { ctx: TRequestContext }): Promise<TWebhookEndpoint[]> {
  const companyId = companyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) =>
    (await repo.listEndpoints(tx, { companyId, limit: WEBHOOK_LIMITS.endpointsPerCompany })).map((r) => toEndpointResource(r)),
  );
}

export async function getEndpoint(opts: { ctx: TRequestContext; id: number }): Promise<TWebhookEndpoint> {
  const companyId = companyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => toEndpointResource(await loadEndpoint(tx, companyId, opts.id)));
}

export async function createEndpoint(opts: { ctx: TRequestContext; body: TWebhookEndpointCreate }): Promise<TWebhookEndpointWithSecret> {
  const companyId = companyOf(opts.ctx);
  await checkUrl(opts.ctx, opts.body.url);
  const secret = newWebhookSecret();
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await repo.lockCompanyEndpoints(tx, { companyId });
    if ((await repo.countEndpoints(tx, { companyId })) >= WEBHOOK_LIMITS.endpointsPerCompany) throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany);
    const id = await repo.insertEndpoint(tx, {
      companyId,
      url: opts.body.url,
      description: opts.body.description ?? '',
      events: opts.body.events,
      enabled: opts.body.enabled ?? true,
      secret: encryptSecret(opts.ctx.config.encryptionKey, secret),
    });
    return { ...toEndpointResource(await loadEndpoint(tx, companyId, id)), secret };
  });
}

/** Merge-patch. Switching an endpoint off cancels its pending deliveries; switching it on clears its failure state. */
export async function changeEndpoint(opts: { ctx: TRequestContext; id: number; body: TWebhookEndpointPatch }): Promise<TWebhookEndpoint> {
  const companyId = companyOf(opts.ctx);
  if (opts.body.url !== undefined) await checkUrl(opts.ctx, opts.body.url);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await loadEndpoint(tx, companyId, opts.id, true);
    await repo.updateEndpoint(tx, { companyId, id: opts.id, ...opts.body });
    if (opts.body.enabled === false) await repo.cancelPendingDeliveries(tx, { companyId, endpointId: opts.id });
    return toEndpointResource(await loadEndpoint(tx, companyId, opts.id));
  });
}

export async function deleteEndpoint(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = companyOf(opts.ctx);
  await runInScope(opts.ctx.db, { companyId }, async (tx) => {
    if (!(await repo.deleteEndpoint(tx, { companyId, id: opts.id }))) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  });
}

export async function revealSecret(opts: { ctx: TRequestContext; id: number }): Promise<{ secret: string }> {
  const companyId = companyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => ({ secret: secretOf(opts.ctx, await loadEndpoint(tx, companyId, opts.id)) }));
}

/**
 * A new secret signs from now on; the one it replaces keeps signing next to it for SECRET_GRACE_SECONDS, so a receiver
 * can switch without refusing deliveries (docs: "Rolling the secret").
 */
export async function rollSecret(opts: { ctx: TRequestContext; id: number }): Promise<TWebhookEndpointWithSecret> {
  const companyId = companyOf(opts.ctx);
  const secret = newWebhookSecret();
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await loadEndpoint(tx, companyId, opts.id, true);
    const encrypted = encryptSecret(opts.ctx.config.encryptionKey, secret);
    await repo.rollEndpointSecret(tx, { companyId, id: opts.id, secret: encrypted, graceSeconds: SECRET_GRACE_SECONDS });
    return { ...toEndpointResource(await loadEndpoint(tx, companyId, opts.id)), secret };
  });
}

export interface TDeliveryPage {
  member: TWebhookDelivery[];
  next: number | null;
}

export async function listDeliveries(opts: { ctx: TRequestContext; endpointId: number; query: TWebhookDeliveryListQuery }): Promise<TDeliveryPage> {
  const companyId = companyOf(opts.ctx);
  const limit = opts.query.itemsPerPage ?? DEFAULT_PAGE;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await loadEndpoint(tx, companyId, opts.endpointId);
    const rows = await repo.listDeliveries(tx, { companyId, endpointId: opts.endpointId, status: opts.query.status, idLt: opts.query['id[lt]'], limit });
    return { member: rows.map(toDeliveryResource), next: rows.length === limit ? rows.at(-1)!.id : null };
  });
}

export async function getDelivery(opts: { ctx: TRequestContext; id: number }): Promise<TWebhookDelivery> {
  const companyId = companyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const row = await repo.findDelivery(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
    return toDeliveryResource(row);
  });
}

/**
 * Sends the same event again (same event id, so a receiver that already processed it can skip it). Parallel clicks
 * make one send: while a replay of a delivery is pending, replaying it again answers that same replay.
 */
export async function replayDelivery(opts: { ctx: TRequestContext; id: number }): Promise<TWebhookDelivery> {
  const companyId = companyOf(opts.ctx);
  const out = await runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const original = await repo.findDelivery(tx, { companyId, id: opts.id });
    if (!original) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
    const endpoint = await loadEndpoint(tx, companyId, original.endpointId);
    if (!endpoint.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
    const id = await repo.insertDelivery(tx, {
      companyId,
      endpointId: endpoint.id,
      eventId: original.eventId,
      entityKey: original.entityKey,
      replayOf: original.id,
    });
    const row = id === null ? await repo.findPendingReplay(tx, { companyId, replayOf: original.id }) : await repo.findDelivery(tx, { companyId, id });
    if (!row) throw new AppError('conflict', 'The replay just finished; try again.');
    return toDeliveryResource(row);
  });
  opts.ctx.jobs.wake();
  return out;
}

/** "Send test event": a ping to this endpoint only, signed and logged like every delivery. */
export async function sendTestEvent(opts: { ctx: TRequestContext; endpointId: number }): Promise<TWebhookDelivery> {
  const companyId = companyOf(opts.ctx);
  const out = await runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const endpoint = await loadEndpoint(tx, companyId, opts.endpointId);
    if (!endpoint.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
    const entityKey = `ping:${endpoint.id}`;
    const eventId = await repo.insertEvent(tx, {
      companyId,
      type: WEBHOOK_PING_EVENT,
      entityKey,
      data: {
        object: { endpoint: toEndpointResource(endpoint)['@id'], message: 'This is a test event.' },
        change: 'ping',
        changed_fields: null,
        entity: 'ping',
      },
    });
    const id = await repo.insertDelivery(tx, { companyId, endpointId: endpoint.id, eventId, entityKey });
    return toDeliveryResource((await repo.findDelivery(tx, { companyId, id: id! }))!);
  });
  opts.ctx.jobs.wake();
  return out;
}
