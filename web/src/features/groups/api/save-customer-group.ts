import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TCustomerGroup } from '../lib/types';
import { groupKeys } from './query-keys';

export interface TCreateGroupInput {
  name: string;
  customers?: number[];
  addByTags?: string[];
}

export interface TUpdateGroupInput {
  id: number;
  name?: string;
  addCustomers?: number[];
  removeCustomers?: number[];
  addByTags?: string[];
}

/** POST /api/customer_groups → 201 group. 422 is shown in the form. */
export function createCustomerGroup(input: TCreateGroupInput): Promise<TCustomerGroup> {
  return api.request<TCustomerGroup>('/api/customer_groups', { method: 'POST', body: input, silent: [422] });
}

/** PATCH /api/customer_groups/{id} (merge-patch): rename and member changes. */
export function updateCustomerGroup({ id, ...change }: TUpdateGroupInput): Promise<TCustomerGroup> {
  return api.request<TCustomerGroup>(`/api/customer_groups/${id}`, { method: 'PATCH', body: change, silent: change.name !== undefined ? [422] : false });
}

/** DELETE /api/customer_groups/{id} (company admins only). */
export function deleteCustomerGroup(id: number): Promise<void> {
  return api.request<void>(`/api/customer_groups/${id}`, { method: 'DELETE' });
}

function upsert(list: TCustomerGroup[] | undefined, g: TCustomerGroup): TCustomerGroup[] | undefined {
  if (!list) return list;
  const next = list.some((x) => x.id === g.id) ? list.map((x) => (x.id === g.id ? { ...x, ...g } : x)) : [...list, g];
  return next.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function useCreateCustomerGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCustomerGroup,
    onSuccess: (g) => {
      qc.setQueryData<TCustomerGroup[]>(groupKeys.list, (old) => upsert(old, g));
      void qc.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

export function useUpdateCustomerGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerGroup,
    onSuccess: (g, input) => {
      if (g && typeof g.id === 'number') qc.setQueryData<TCustomerGroup[]>(groupKeys.list, (old) => upsert(old, g));
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      if (input.addCustomers || input.removeCustomers || input.addByTags) void qc.invalidateQueries({ queryKey: groupKeys.members(input.id) });
    },
  });
}

export function useDeleteCustomerGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerGroup,
    onSuccess: (_v, id) => {
      qc.setQueryData<TCustomerGroup[]>(groupKeys.list, (old) => old?.filter((g) => g.id !== id));
      qc.removeQueries({ queryKey: groupKeys.members(id) });
      qc.removeQueries({ queryKey: groupKeys.messages(id) });
    },
  });
}
