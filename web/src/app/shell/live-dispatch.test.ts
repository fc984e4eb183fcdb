import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { INTERNAL_CHAT_MESSAGE_ENTITY, INTERNAL_CHAT_THREAD_ENTITY } from '@cd/contracts/internal-chat-constants';
import type { TLiveEvent } from '@cd/contracts/live';
import { createLiveDispatcher, LAZY_LIVE_HANDLERS, type TLiveHandler } from './live-dispatch';

const ctx = { userId: 9, userIri: '/api/users/9', isAdmin: true };
const ev = (entity: string, id = '1', overrides: Partial<TLiveEvent> = {}): TLiveEvent => ({
  event: 'updated',
  entity,
  action: null,
  data: { id: 7, '@id': `/api/${entity}s/7` },
  changes: null,
  id,
  extra: null,
  ...overrides,
});

/** A module load the test settles by hand, to send events while the "chunk" is still on its way. */
function deferredLoad() {
  let resolve!: (handler: TLiveHandler) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<TLiveHandler>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live dispatch', () => {
  it('eager handlers run at once; an event nobody knows is logged as unsupported', () => {
    const eager = vi.fn((_qc: QueryClient, event: TLiveEvent) => event.entity === 'customer');
    const dispatch = createLiveDispatcher({ eager: [eager], lazy: [] });
    const warn = vi.fn();
    expect(dispatch(new QueryClient(), ev('customer'), ctx, warn)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    expect(dispatch(new QueryClient(), ev('nobody'), ctx, warn)).toBe(false);
    expect(warn).toHaveBeenCalledWith('unsupported live event', expect.objectContaining({ entity: 'nobody' }));
  });

  it('queues the events that arrive before a lazy handler is loaded and applies them in order once it is', async () => {
    const seen: string[] = [];
    const deferred = deferredLoad();
    const dispatch = createLiveDispatcher({ eager: [], lazy: [{ entities: ['offer', 'listing'], load: deferred.load }] });
    const warn = vi.fn();
    const qc = new QueryClient();
    expect(dispatch(qc, ev('offer', 'a'), ctx, warn)).toBe(true);
    expect(dispatch(qc, ev('listing.keyword', 'b'), ctx, warn)).toBe(true);
    dispatch(qc, ev('offer', 'c'), ctx, warn);
    dispatch(qc, ev('customer', 'elsewhere'), ctx, warn);
    // One load for all of them; nothing applied yet.
    expect(deferred.load).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1); // the customer event only: no handler for it here

    deferred.resolve((client, event) => {
      expect(client).toBe(qc);
      seen.push(event.id);
      return true;
    });
    await flush();
    expect(seen).toEqual(['a', 'b', 'c']);

    // Loaded: later events are handled synchronously, without another load.
    dispatch(qc, ev('offer', 'd'), ctx, warn);
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(deferred.load).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('an eager and a lazy handler of the same entity both get the event; unsupported only when neither took it', async () => {
    const eager = vi.fn(() => false);
    const lazy = vi.fn((_qc: QueryClient, event: TLiveEvent) => event.event !== 'trigger');
    const dispatch = createLiveDispatcher({ eager: [eager], lazy: [{ entities: ['message'], load: () => Promise.resolve(lazy) }] });
    const warn = vi.fn();
    dispatch(new QueryClient(), ev('message'), ctx, warn);
    dispatch(new QueryClient(), ev('message', '2', { event: 'trigger', action: 'x' }), ctx, warn);
    await flush();
    expect(eager).toHaveBeenCalledTimes(2);
    expect(lazy).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('unsupported live event', expect.objectContaining({ id: '2' }));
  });

  it('a chunk that fails to load drops its queued events with a warning and is asked for again by the next event', async () => {
    const first = deferredLoad();
    const handler = vi.fn(() => true);
    const load = vi.fn().mockImplementationOnce(first.load).mockResolvedValue(handler);
    const dispatch = createLiveDispatcher({ eager: [], lazy: [{ entities: ['survey'], load }] });
    const warn = vi.fn();
    dispatch(new QueryClient(), ev('survey', 'a'), ctx, warn);
    dispatch(new QueryClient(), ev('survey', 'b'), ctx, warn);
    first.reject(new Error('offline'));
    await flush();
    expect(warn).toHaveBeenCalledWith('live event handler failed to load', expect.any(Error), 2);
    expect(handler).not.toHaveBeenCalled();

    dispatch(new QueryClient(), ev('survey', 'c'), ctx, warn);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  /**
   * The table names each lazy handler's entities so that nothing loads before its events come: a name missing there
   * would leave the feature's screen stale. Each real handler must take an event of every entity listed for it, and no
   * event of an entity it is not listed for.
   */
  it("the lazy table's entity lists match what each feature's handler takes", async () => {
    // Every entity the server sends (written out here, not taken from the table, so a name dropped there is noticed).
    const known = new Set<string>([
      ...['customer', 'message', 'notification', 'user', 'company', 'company_user', 'company_service', 'group_message'],
      ...[INTERNAL_CHAT_MESSAGE_ENTITY, INTERNAL_CHAT_THREAD_ENTITY, 'repair_order', 'repair_order_line', 'vehicle', 'automated_message'],
      ...['customer_link', 'payment_request', 'payment_transaction', 'payment_recurring_rule', 'survey', 'appointment', 'working_hours'],
      ...['vacation', 'appointment_resource', 'questionnaire', 'questionnaire_response', 'charge_customer', 'statement', 'offer'],
      ...['offer_recipient', 'interest', 'customer_interest', 'marketing_lead', 'lead', 'listing', 'keyword', 'listing_interest'],
      ...['reminder', 'report', 'reports'],
      'nothing_at_all',
    ]);
    for (const entry of LAZY_LIVE_HANDLERS) for (const entity of entry.entities) known.add(entity);
    const variants = (entity: string): TLiveEvent[] => [
      ev(entity, '1', { event: 'created' }),
      ev(entity, '2', { event: 'updated' }),
      ev(entity, '3', { event: 'removed' }),
      ev(entity, '4', { event: 'trigger', action: 'read_state_update' }),
    ];
    const takes = (handler: TLiveHandler, entity: string) =>
      variants(entity).some((event) => {
        try {
          return handler(new QueryClient(), event, ctx);
        } catch {
          return true; // it went past its entity check
        }
      });
    for (const entry of LAZY_LIVE_HANDLERS) {
      const handler = await entry.load();
      const taken = [...known].filter((entity) => takes(handler, entity));
      expect(taken.sort(), handler.name).toEqual([...new Set(entry.entities)].sort());
    }
  });
});
