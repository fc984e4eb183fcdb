import type { TLogin, TTokenPair } from '@cd/contracts/auth';
import { api } from '../../../lib/api';

/** POST /api/login. Silent: the login form reports every failure itself. */
export function login(body: TLogin): Promise<TTokenPair> {
  return api.request<TTokenPair>('/api/login', { method: 'POST', body, auth: false, silent: true });
}
