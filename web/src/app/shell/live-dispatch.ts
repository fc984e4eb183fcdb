import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { invalidateColleaguesOnLiveEvent } from '../../api/get-colleagues';
import { invalidateCompaniesOnLiveEvent } from '../../api/get-companies';
import { handleConversationLiveEvent } from '../../features/conversations/hooks/live-updates';
import type { TLiveContext } from '../../features/conversations/lib/live-cache';
import { handleInternalChatLiveEvent } from '../../features/internal-chat/hooks/live-updates';
import { handleNotificationsLiveEvent } from '../../features/notifications/hooks/live-updates';
import { handleUserMenuLiveEvent } from '../../features/user-menu/lib/live';

/** One feature's live handler: true when the event touched one of its caches. */
export type TLiveHandler = (queryClient: QueryClient, event: TLiveEvent, ctx: TLiveContext) => boolean;

/** A handler whose module loads on the first event of one of its entities (the server's live `entity` names). */
export interface TLazyLiveHandler {
  entities: readonly string[];
  load: () => Promise<TLiveHandler>;
}

/**
 * What the first screen shows (the inbox, the chat and notification badges, the user menu, the colleague and company
 * pickers) is handled at once, so the shell's chunk holds these handlers.
 */
export const EAGER_LIVE_HANDLERS: readonly TLiveHandler[] = [
  handleConversationLiveEvent,
  handleInternalChatLiveEvent,
  handleNotificationsLiveEvent,
  handleUserMenuLiveEvent,
  (queryClient, event) => invalidateColleaguesOnLiveEvent({ queryClient, event }),
  (queryClient, event) => invalidateCompaniesOnLiveEvent({ queryClient, event }),
];

/**
 * The other features' handlers load on the first event of their entities: their caches belong to screens not open at
 * first, and importing them statically put their code and query keys into the inbox route (docs/performance.md). The
 * entity lists repeat each handler's own test (written out: a constant imported from a feature would load it);
 * live-dispatch.test.ts checks that they agree. A new feature's handler belongs here unless the inbox shows its data.
 */
export const LAZY_LIVE_HANDLERS: readonly TLazyLiveHandler[] = [
  { entities: ['message'], load: () => import('../../features/simulator/lib/live').then((m) => m.handleSimulatorLiveEvent) },
  { entities: ['group_message'], load: () => import('../../features/groups/lib/live').then((m) => m.handleGroupsLiveEvent) },
  { entities: ['company', 'company_user', 'company_service'], load: () => import('../../features/companies/hooks/live-updates').then((m) => m.handleCompaniesLiveEvent) },
  {
    entities: ['repair_order', 'repair_order_line', 'vehicle', 'automated_message', 'customer_link', 'payment_request', 'survey'],
    load: () => import('../../features/repair-orders/lib/live').then((m) => m.handleRepairOrdersLiveEvent),
  },
  { entities: ['survey'], load: () => import('../../features/surveys/lib/live').then((m) => m.handleSurveysLiveEvent) },
  { entities: ['appointment'], load: () => import('../../features/appointments/lib/appointment-live').then((m) => m.handleAppointmentLiveEvent) },
  {
    entities: ['working_hours', 'vacation', 'appointment_resource'],
    load: () => import('../../features/appointments/lib/schedule-live').then((m) => m.handleScheduleLiveEvent),
  },
  {
    entities: ['payment_transaction', 'payment_recurring_rule', 'payment_request'],
    load: () => import('../../features/payments/lib/live').then((m) => m.handlePaymentsLiveEvent),
  },
  {
    entities: ['questionnaire', 'questionnaire_response'],
    load: () => import('../../features/questionnaires/lib/live').then((m) => m.handleQuestionnairesLiveEvent),
  },
  { entities: ['charge_customer', 'statement'], load: () => import('../../features/accounting/lib/live').then((m) => m.handleAccountingLiveEvent) },
  { entities: ['offer', 'offer_recipient', 'interest'], load: () => import('../../features/offers/lib/live').then((m) => m.handleOffersLiveEvent) },
  { entities: ['interest', 'customer_interest'], load: () => import('../../features/interests/lib/live').then((m) => m.handleInterestsLiveEvent) },
  { entities: ['marketing_lead', 'lead', 'offer', 'offer_recipient'], load: () => import('../../features/marketing/lib/live').then((m) => m.handleMarketingLiveEvent) },
  {
    entities: ['listing', 'keyword', 'listing_interest', 'customer_interest', 'interest', 'marketing_lead'],
    load: () => import('../../features/listings/lib/live').then((m) => m.handleListingsLiveEvent),
  },
  // The dashboard's counters refresh on messages and customers (throttled), its reminders card on reminders (issue 19).
  { entities: ['message', 'customer', 'reminder'], load: () => import('../../features/dashboard/lib/live').then((m) => m.handleDashboardLiveEvent) },
  // A report's status moving pending → generating → ready | failed refetches the reports list (issue 19).
  { entities: ['reports'], load: () => import('../../features/reports/lib/live').then((m) => m.handleReportsLiveEvent) },
  // A scheduled job's run starting or ending refetches the jobs and their histories (super admins, issue 20).
  { entities: ['cron_job'], load: () => import('../../features/cron-jobs/lib/live').then((m) => m.handleCronJobsLiveEvent) },
];

type TDispatch = (queryClient: QueryClient, event: TLiveEvent, ctx: TLiveContext, warn?: (...args: unknown[]) => void) => boolean;

/** The entity an event is filed under: `listing.keyword` belongs to `listing`'s handlers. */
const entityOf = (event: TLiveEvent): string => event.entity.split('.')[0] ?? event.entity;

/**
 * Routes each live event to every handler that keeps a cache for it (spec part 1 §4). A lazy handler's events that
 * arrive while its module loads wait in a queue and are applied in arrival order once it is in; a module that fails to
 * load drops its queued events (the screens refetch on focus) and is asked for again with the next event. An event
 * nobody handles is logged as unsupported. Returns false only when it is known at once that nobody will handle it.
 */
export function createLiveDispatcher(opts: { eager: readonly TLiveHandler[]; lazy: readonly TLazyLiveHandler[] }): TDispatch {
  type TQueued = { queryClient: QueryClient; event: TLiveEvent; ctx: TLiveContext; settle: (handled: boolean) => void };
  type TSlot = { load: TLazyLiveHandler['load']; handler?: TLiveHandler; queue?: TQueued[] };
  const slotsByEntity = new Map<string, TSlot[]>();
  for (const entry of opts.lazy) {
    const slot: TSlot = { load: entry.load };
    for (const entity of entry.entities) slotsByEntity.set(entity, [...(slotsByEntity.get(entity) ?? []), slot]);
  }

  const deliver = (slot: TSlot, item: TQueued, warn: (...args: unknown[]) => void) => {
    if (slot.handler) return item.settle(slot.handler(item.queryClient, item.event, item.ctx));
    if (slot.queue) return void slot.queue.push(item);
    slot.queue = [item];
    slot.load().then(
      (handler) => {
        slot.handler = handler;
        const queued = slot.queue ?? [];
        slot.queue = undefined;
        for (const q of queued) q.settle(handler(q.queryClient, q.event, q.ctx));
      },
      (error: unknown) => {
        const dropped = slot.queue ?? [];
        slot.queue = undefined;
        warn('live event handler failed to load', error, dropped.length);
        for (const q of dropped) q.settle(false);
      },
    );
  };

  return (queryClient, event, ctx, warn = console.warn) => {
    // Every eager handler sees every event (several may keep a cache of the same entity).
    const handledNow = opts.eager.map((handle) => handle(queryClient, event, ctx)).some(Boolean);
    const slots = slotsByEntity.get(entityOf(event)) ?? [];
    if (slots.length === 0) {
      if (!handledNow) warn('unsupported live event', event);
      return handledNow;
    }
    let pending = slots.length;
    let handled = handledNow;
    const settle = (result: boolean) => {
      handled ||= result;
      pending -= 1;
      if (pending === 0 && !handled) warn('unsupported live event', event);
    };
    for (const slot of slots) deliver(slot, { queryClient, event, ctx, settle }, warn);
    return true;
  };
}

/** The app's dispatcher (use-live-updates.ts). */
export const dispatchLiveEvent: TDispatch = createLiveDispatcher({ eager: EAGER_LIVE_HANDLERS, lazy: LAZY_LIVE_HANDLERS });
