import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { REPAIR_ORDER_LIVE_ENTITIES } from '@cd/contracts/repair-order-constants';
import type { TSurvey } from '@cd/contracts/survey';
import { repairOrderKeys } from '../api/query-keys';

const ORDER = REPAIR_ORDER_LIVE_ENTITIES.repairOrder;
const LINE = REPAIR_ORDER_LIVE_ENTITIES.repairOrderLine;
const VEHICLE = REPAIR_ORDER_LIVE_ENTITIES.vehicle;
const SURVEY = 'survey';

/** Which caches a live event of this area touches (exported for the tests). */
export function liveKeysOf(event: Pick<TLiveEvent, 'entity'>): (readonly unknown[])[] {
  switch (event.entity) {
    case ORDER:
      // An order moves between the panel's lists (closed, survey sent) and its detail changes.
      return [repairOrderKeys.all, repairOrderKeys.vehiclesAll];
    case LINE:
      // A customer's approval lands on the order screen without reload (lines live inside the order resource).
      return [repairOrderKeys.all];
    case VEHICLE:
      return [repairOrderKeys.vehiclesAll];
    case 'automated_message':
      // A text that went out made its customer links (status, approval, vehicle ready) in the same step.
      return [repairOrderKeys.automatedMessagesAll, repairOrderKeys.customerLinksAll];
    case 'customer_link':
      return [repairOrderKeys.customerLinksAll];
    case 'payment_request':
      // Sent, paid (the customer's card or a terminal), expired or cancelled: the order screen follows live.
      return [repairOrderKeys.paymentRequestsAll, repairOrderKeys.customerLinksAll];
    default:
      return [];
  }
}

/**
 * A survey event carries the whole survey: an order screen showing it takes it as is, unless it already holds a later
 * version (events may arrive after a refetch). Surveys no screen shows are not cached.
 */
export function applySurveyLiveEvent(queryClient: QueryClient, survey: TSurvey): void {
  queryClient.setQueryData<TSurvey>(repairOrderKeys.survey(survey.id), (old) => (!old || old.updatedAt > survey.updatedAt ? old : survey));
}

/**
 * Live events of repair orders, lines, vehicles, automated messages, customer links and the orders' surveys (spec part
 * 1 §4): the open screens refetch what changed. Returns false for events of other areas.
 */
export function handleRepairOrdersLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity === SURVEY) {
    const survey = event.data as TSurvey | null;
    if (event.event === 'updated' && survey && typeof survey.id === 'number') applySurveyLiveEvent(queryClient, survey);
    else void queryClient.invalidateQueries({ queryKey: repairOrderKeys.surveysAll });
    return true;
  }
  const keys = liveKeysOf(event);
  if (keys.length === 0) return false;
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  return true;
}
