import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type TApiClientDeps } from './api-client';

function memoryStorage(initial: Record<string, string>) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(handler: (url: string, init: RequestInit) => Response | Promise<Response>, storage = memoryStorage({ token: 'old', refresh_token: 'r1' })) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  const onLogout = vi.fn();
  const notify = vi.fn();
  const deps: TApiClientDeps = { fetch, storage, onLogout, notify };
  return { client: createApiClient(deps), fetch, onLogout, notify, storage };
}

const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('api client', () => {
  it('refreshes once for concurrent expired requests and retries both', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, fetch, onLogout, storage } = setup(async (url, init) => {
      if (url === '/api/token/refresh') {
        await gate;
        expect(JSON.parse(init.body as string)).toEqual({ refresh_token: 'r1' });
        return json(200, { token: 'new', refresh_token: 'r2' });
      }
      if (authOf(init) === 'Bearer old') return json(401, { code: 401, message: 'Expired JWT Token' });
      return json(200, { url });
    });

    const a = client.request<{ url: string }>('/api/me');
    const b = client.request<{ url: string }>('/api/companies', { query: { page: 2 } });
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([u]) => u === '/api/token/refresh')).toHaveLength(1));
    release();
    await expect(a).resolves.toEqual({ url: '/api/me' });
    await expect(b).resolves.toEqual({ url: '/api/companies?page=2' });

    const refreshCalls = fetch.mock.calls.filter(([u]) => u === '/api/token/refresh');
    expect(refreshCalls).toHaveLength(1);
    const retried = fetch.mock.calls.filter(([u, init]) => u !== '/api/token/refresh' && authOf(init) === 'Bearer new');
    expect(retried.map(([u]) => u).sort()).toEqual(['/api/companies?page=2', '/api/me']);
    expect(storage.map.get('token')).toBe('new');
    expect(storage.map.get('refresh_token')).toBe('r2');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('does not refresh again when the token was already rotated by another request', async () => {
    const storage = memoryStorage({ token: 'old', refresh_token: 'r1' });
    const { client, fetch } = setup(async (url, init) => {
      if (url === '/api/token/refresh') return json(200, { token: 'new', refresh_token: 'r2' });
      if (authOf(init) === 'Bearer old') {
        // Simulates a refresh finishing elsewhere while this request was in flight.
        storage.setItem('token', 'new');
        return json(401, { code: 401, message: 'Expired JWT Token' });
      }
      return json(200, { ok: true });
    }, storage);
    await expect(client.request('/api/me')).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls.filter(([u]) => u === '/api/token/refresh')).toHaveLength(0);
  });

  it('logs out once when the refresh fails, and rejects every waiting request', async () => {
    const { client, fetch, onLogout } = setup((url) => {
      if (url === '/api/token/refresh') return json(401, { code: 401, message: 'Invalid JWT Refresh Token' });
      return json(401, { code: 401, message: 'Expired JWT Token' });
    });
    const results = await Promise.allSettled([client.request('/api/me'), client.request('/api/companies')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fetch.mock.calls.filter(([u]) => u === '/api/token/refresh')).toHaveLength(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('retries only once: still expired after the refresh logs out', async () => {
    const { client, fetch, onLogout } = setup((url) => {
      if (url === '/api/token/refresh') return json(200, { token: 'new', refresh_token: 'r2' });
      return json(401, { code: 401, message: 'Expired JWT Token' });
    });
    await expect(client.request('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetch.mock.calls.filter(([u]) => u === '/api/me')).toHaveLength(2);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('toasts and logs out on "JWT Token not found"; only logs out on "Invalid JWT Token"', async () => {
    const a = setup(() => json(401, { code: 401, message: 'JWT Token not found' }));
    await expect(a.client.request('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(a.notify).toHaveBeenCalledWith('JWT Token not found');
    expect(a.onLogout).toHaveBeenCalledTimes(1);

    const b = setup(() => json(401, { code: 401, message: 'Invalid JWT Token' }));
    await expect(b.client.request('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(b.notify).not.toHaveBeenCalled();
    expect(b.onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the description of other errors, unless the caller handles that status', async () => {
    const problem = { title: 'Unprocessable', detail: 'd', description: 'Slug already taken.', status: 422, violations: [{ propertyPath: 'slug', message: 'taken' }] };
    const a = setup(() => json(422, problem));
    const err = await a.client.request('/api/companies', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(a.notify).toHaveBeenCalledWith('Slug already taken.');
    expect((err as ApiError).violations).toEqual(problem.violations);

    const b = setup(() => json(422, problem));
    await b.client.request('/api/companies', { method: 'POST', body: {}, silent: [422] }).catch(() => undefined);
    expect(b.notify).not.toHaveBeenCalled();

    const c = setup(() => json(500, { error: 'boom' }));
    await c.client.request('/api/x').catch(() => undefined);
    expect(c.notify).toHaveBeenCalledWith('boom');
  });

  it('shows an upload (multipart) error for 8 seconds, other errors until dismissed; a network error on upload rejects', async () => {
    const problem = { title: 'Unprocessable', detail: 'd', description: 'File too large.', status: 422 };
    const a = setup(() => json(422, problem));
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'x.txt');
    await expect(a.client.request('/api/media_objects', { method: 'POST', body: fd })).rejects.toBeInstanceOf(ApiError);
    expect(a.notify).toHaveBeenCalledExactlyOnceWith('File too large.', { autoCloseMs: 8000 });

    const b = setup(() => json(422, problem));
    await b.client.request('/api/customers', { method: 'POST', body: { phone: 'x' } }).catch(() => undefined);
    expect(b.notify).toHaveBeenCalledExactlyOnceWith('File too large.');

    const c = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await c.client.request('/api/media_objects', { method: 'POST', body: fd }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });

  it('sends bearer, ld+json, merge-patch for PATCH and the impersonate parameter', async () => {
    const storage = memoryStorage({ token: 't', refresh_token: 'r', impersonate: 'agent@example.com' });
    const { client, fetch } = setup(() => new Response(null, { status: 204 }), storage);
    await client.request('/api/companies/3', { method: 'PATCH', body: { enabled: false } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/companies/3?impersonate=agent%40example.com');
    expect(init.headers).toMatchObject({ Accept: 'application/ld+json', 'Content-Type': 'application/merge-patch+json', Authorization: 'Bearer t' });

    await client.request('/api/login', { method: 'POST', body: {}, auth: false });
    const [url2, init2] = fetch.mock.calls[1]!;
    expect(url2).toBe('/api/login');
    expect(authOf(init2)).toBeUndefined();
  });
});
