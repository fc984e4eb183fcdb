import type { TRepairOrderPanelList } from '@cd/contracts/repair-order';

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
  automatedMessages: (orderId: number) => ['automated_messages', 'repair_order', orderId] as const,
  customerLinksAll: ['customer_links'] as const,
  customerLinks: (orderId: number) => ['customer_links', 'repair_order', orderId] as const,
  advisors: ['users', 'advisors'] as const,
};
