import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import type { TUserFields } from '../lib/user-form';
import { companyUsersKey } from './get-users';

export interface TCreateUserInput {
  companyId: number;
  fields: TUserFields;
  roles: string[];
  password: string;
  confirmPassword: string;
}

/** POST /api/users with the company as `/api/companies/{id}`; 422 lands on the dialog's fields. */
export function createUser(input: TCreateUserInput): Promise<TUser> {
  const { fields, companyId, ...rest } = input;
  return api.request<TUser>('/api/users', {
    method: 'POST',
    body: { ...fields, ...rest, company: `/api/companies/${companyId}` },
    silent: [422],
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (_u, { companyId }) => queryClient.invalidateQueries({ queryKey: companyUsersKey(companyId) }),
  });
}
