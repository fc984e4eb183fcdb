import { AUTH_MESSAGES } from '@cd/contracts/auth-messages';
import type { TTokenPair } from '@cd/contracts/auth';
import type { TProblem } from '@cd/contracts/hydra';
import { STORAGE_KEYS } from './storage-keys';

type TQueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type TQuery = Record<string, TQueryValue>;

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: TQuery;
  body?: unknown;
  /** false for public calls: no bearer, no impersonation, no 401 handling. */
  auth?: boolean;
  /** false for calls that must act as the real user (e.g. the impersonation dialog's own lookups). */
  impersonate?: boolean;
  /** Suppress the error toast: for every status (true) or only the listed ones (the caller shows them itself). */
  silent?: boolean | readonly number[];
  signal?: AbortSignal;
}

export const UPLOAD_ERROR_TOAST_MS = 8000;

/** ZTokenPairSchema's check by hand: this file is in the entry chunk, which stays free of zod. */
function isTokenPair(value: unknown): value is TTokenPair {
  const v = value as Partial<Record<keyof TTokenPair, unknown>> | null;
  return typeof v === 'object' && v !== null && typeof v.token === 'string' && typeof v.refresh_token === 'string';
}

export type TViolation = NonNullable<TProblem['violations']>[number];

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get violations(): TViolation[] {
    const b = this.body as Partial<TProblem> | null;
    return b && Array.isArray(b.violations) ? b.violations : [];
  }
}

interface TStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  storage: TStorageLike;
  /** Forced logout: clear the session and reload the app. */
  onLogout: () => void;
  /** Error toast: persistent, or closing after `autoCloseMs` (uploads). */
  notify: (message: string, options?: { autoCloseMs: number }) => void;
  /** Server descriptions may be catalogue keys; unknown strings come back unchanged. */
  translate?: (message: string) => string;
}

function buildUrl(path: string, query: TQuery | undefined, impersonate: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  if (impersonate) params.set('impersonate', impersonate);
  const qs = params.toString();
  if (!qs) return path;
  return path + (path.includes('?') ? '&' : '?') + qs;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

/** Spec part 1 §8: description, else detail/error, else the raw JSON; plain text as text. */
export function describeError(body: unknown, translate: (m: string) => string = (m) => m): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const field of ['description', 'detail', 'error', 'message'] as const) {
      const v = b[field];
      if (typeof v === 'string' && v.trim()) return translate(v);
    }
    return JSON.stringify(body);
  }
  return translate('response.error.internal_server_error');
}

export function createApiClient(deps: TApiClientDeps) {
  const translate = deps.translate ?? ((m: string) => m);
  let refreshing: Promise<boolean> | null = null;
  let loggedOut = false;

  function logout(): void {
    // Many requests can fail at once; the app must reset only once.
    if (loggedOut) return;
    loggedOut = true;
    deps.onLogout();
  }

  async function doRefresh(): Promise<boolean> {
    const refreshToken = deps.storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refreshToken) return false;
    try {
      const res = await deps.fetch('/api/token/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!res.ok) return false;
      const pair = await readBody(res);
      if (!isTokenPair(pair)) return false;
      // The old refresh token is spent by the server: store the rotated pair before anyone retries.
      deps.storage.setItem(STORAGE_KEYS.token, pair.token);
      deps.storage.setItem(STORAGE_KEYS.refreshToken, pair.refresh_token);
      return true;
    } catch {
      return false;
    }
  }

  /** Concurrent expired requests share one refresh call. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send(path: string, opts: TRequestOptions): Promise<{ res: Response; token: string | null }> {
    const auth = opts.auth ?? true;
    const token = auth ? deps.storage.getItem(STORAGE_KEYS.token) : null;
    const impersonate = auth && opts.impersonate !== false ? deps.storage.getItem(STORAGE_KEYS.impersonate) : null;
    const headers: Record<string, string> = { Accept: 'application/ld+json' };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = opts.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await deps.fetch(buildUrl(path, opts.query, impersonate), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
    return { res, token };
  }

  function isSilent(opts: TRequestOptions, status: number): boolean {
    if (opts.silent === true) return true;
    return Array.isArray(opts.silent) && opts.silent.includes(status);
  }

  async function request<T>(path: string, opts: TRequestOptions = {}): Promise<T> {
    const auth = opts.auth ?? true;
    let attempt: { res: Response; token: string | null };
    try {
      attempt = await send(path, opts);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, null, 'network_error');
    }
    let body = await readBody(attempt.res);

    if (auth && attempt.res.status === 401 && messageOf(body) === AUTH_MESSAGES.expired) {
      // Another request may already have rotated the token: then retry without a second refresh.
      const rotated = deps.storage.getItem(STORAGE_KEYS.token) !== attempt.token;
      const ok = rotated || (await refreshOnce());
      if (!ok) {
        logout();
        throw new ApiError(401, body, AUTH_MESSAGES.expired);
      }
      attempt = await send(path, opts);
      body = await readBody(attempt.res);
    }

    const { res } = attempt;
    if (res.ok) return body as T;

    if (auth && res.status === 401) {
      const message = messageOf(body);
      if (message === AUTH_MESSAGES.notFound || message === AUTH_MESSAGES.exception) {
        deps.notify(translate(message));
        logout();
        throw new ApiError(401, body, message);
      }
      if (message === AUTH_MESSAGES.invalid || message === AUTH_MESSAGES.expired) {
        logout();
        throw new ApiError(401, body, message);
      }
    }

    const description = describeError(body, translate);
    if (!isSilent(opts, res.status)) {
      // Spec part 1 §9: an upload (multipart) error shows its description for 8 seconds; others persist.
      if (opts.body instanceof FormData) deps.notify(description, { autoCloseMs: UPLOAD_ERROR_TOAST_MS });
      else deps.notify(description);
    }
    throw new ApiError(res.status, body, description);
  }

  return { request, refreshOnce };
}

export type TApiClient = ReturnType<typeof createApiClient>;
