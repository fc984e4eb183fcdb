import type { TRepairOrderPanelList } from '@cd/contracts/repair-order';

/** What an order page lists automated messages and customer links of: the order itself and its survey. */
export type TOwnerEntity = 'repair_order' | 'survey';

/** Cache keys of the repair-orders feature; the live-event handler addresses them by prefix. */
export const repairOrderKeys = {
  all: ['repair_orders'] as const,
  lists: ['repair_orders', 'list'] as const,
  panelList: (customerId: number, list: TRepairOrderPanelList, page: number) => ['repair_orders', 'list', customerId, list, page] as const,
  detail: (id: number) => ['repair_orders', 'detail', id] as const,
  lineOptions: (q: string) => ['repair_order_lines', 'autocomplete', q] as const,
  vehiclesAll: ['vehicles'] as const,
  vehicles: (customerId: number) => ['vehicles', 'list', customerId] as const,
  recalls: (vehicleId: number) => ['vehicles', 'recalls', vehicleId] as const,
  recommendations: (vehicleId: number) => ['vehicles', 'recommendations', vehicleId] as const,
  automatedMessagesAll: ['automated_messages'] as const,
  /** Under the `automated_messages` prefix, so the live handler refreshes an order's and its survey's lists alike. */
  automatedMessages: (entity: TOwnerEntity, id: number) => ['automated_messages', entity, id] as const,
  customerLinksAll: ['customer_links'] as const,
  customerLinks: (entity: TOwnerEntity, id: number) => ['customer_links', entity, id] as const,
  /** The order's survey (GET /api/surveys/{id}); under `repair_orders`, so an order event (reopened) refreshes it too. */
  surveysAll: ['repair_orders', 'survey'] as const,
  survey: (id: number) => ['repair_orders', 'survey', id] as const,
  advisors: ['users', 'advisors'] as const,
  /** Payment requests of an order (issue 17); live `payment_request` events refresh them by this prefix. */
  paymentRequestsAll: ['payment_requests'] as const,
  paymentRequests: (orderId: number) => ['payment_requests', 'repair_order', orderId] as const,
  paymentTerminals: ['payment_terminals'] as const,
};
