import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('../lib/api', () => ({
  api: {
    request: vi.fn(async (path: string) => {
      calls.push(`request ${path}`);
      return { id: 7 };
    }),
    refreshOnce: vi.fn(async () => {
      calls.push('refresh');
      return true;
    }),
  },
}));

const { updateUser } = await import('./update-user');

describe('updateUser', () => {
  beforeEach(() => void calls.splice(0));

  it('fetches the fresh token pair after the own password changed', async () => {
    await updateUser({ id: 7, patch: { password: 'Changed123' }, renewSession: true });
    expect(calls).toEqual(['request /api/users/7', 'refresh']);
  });

  it('leaves the session alone for other changes', async () => {
    await updateUser({ id: 7, patch: { firstName: 'A' } });
    expect(calls).toEqual(['request /api/users/7']);
  });
});
