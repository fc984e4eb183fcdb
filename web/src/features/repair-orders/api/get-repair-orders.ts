import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { REPAIR_ORDER_PANEL_LISTS, REPAIR_ORDERS_PER_PAGE, type TRepairOrder, type TRepairOrderPanelList } from '@cd/contracts/repair-order';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/repair_orders?customer=…&exists[closedAt]=…&exists[survey]=…: one of the conversation panel's lists. */
export function fetchRepairOrders(opts: {
  customerId: number;
  list: TRepairOrderPanelList;
  page: number;
  signal?: AbortSignal;
}): Promise<THydraCollection<TRepairOrder>> {
  return api.request<THydraCollection<TRepairOrder>>('/api/repair_orders', {
    query: { customer: opts.customerId, ...REPAIR_ORDER_PANEL_LISTS[opts.list], per_page: REPAIR_ORDERS_PER_PAGE, page: opts.page },
    signal: opts.signal,
    silent: true,
  });
}

export function repairOrdersQueryOptions(opts: { customerId: number; list: TRepairOrderPanelList; page: number }) {
  return queryOptions({
    queryKey: repairOrderKeys.panelList(opts.customerId, opts.list, opts.page),
    queryFn: ({ signal }) => fetchRepairOrders({ ...opts, signal }),
    // Paging keeps the current page on screen until the next one is in.
    placeholderData: keepPreviousData,
  });
}

export function useRepairOrders(opts: { customerId: number; list: TRepairOrderPanelList; page: number; enabled?: boolean }) {
  return useQuery({ ...repairOrdersQueryOptions(opts), enabled: (opts.enabled ?? true) && opts.customerId > 0 });
}
