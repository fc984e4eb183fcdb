/** A request deadline, combined with the caller's own abort signal when there is one. */
export function timeoutSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const t = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, t]) : t;
}

/** Why a fetch got no HTTP answer, in words for an error message (timeouts and aborts named as such). */
export function describeFetchFailure(err: unknown): string {
  const e = err as { name?: string; message?: string };
  return e.name === 'TimeoutError' ? 'timed out' : e.name === 'AbortError' ? 'aborted' : (e.message ?? String(err));
}
