import { useMutation } from '@tanstack/react-query';
import type { TUserPatch } from '@cd/contracts/user';
import { api } from '../../../lib/api';

type TPreferencesPatch = Pick<TUserPatch, 'theme' | 'language'>;

/** PATCH /api/users/{id} with theme/language (merge-patch). Best effort: localStorage stays the source of truth. */
export function updateMyPreferences(userId: number, body: TPreferencesPatch): Promise<unknown> {
  return api.request(`/api/users/${userId}`, { method: 'PATCH', body, silent: true });
}

export function useUpdateMyPreferences() {
  return useMutation({ mutationFn: (vars: { userId: number; patch: TPreferencesPatch }) => updateMyPreferences(vars.userId, vars.patch) });
}
