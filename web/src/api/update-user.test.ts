import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { updateUser } from './update-user';

// Spies on the one API client (restored after each test) rather than vi.mock: test files share their worker's
// modules (vitest.config.ts, isolate: false), so a module mock would reach other files.
const calls: string[] = [];

describe('updateUser', () => {
  beforeEach(() => {
    calls.splice(0);
    vi.spyOn(api, 'request').mockImplementation((async (path: string) => {
      calls.push(`request ${path}`);
      return { id: 7 };
    }) as typeof api.request);
    vi.spyOn(api, 'refreshOnce').mockImplementation(async () => {
      calls.push('refresh');
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches the fresh token pair after the own password changed', async () => {
    await updateUser({ id: 7, patch: { password: 'Changed123' }, renewSession: true });
    expect(calls).toEqual(['request /api/users/7', 'refresh']);
  });

  it('leaves the session alone for other changes', async () => {
    await updateUser({ id: 7, patch: { firstName: 'A' } });
    expect(calls).toEqual(['request /api/users/7']);
  });
});
