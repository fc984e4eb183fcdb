/** Polls `check` until it holds (the product's work is asynchronous: outbox, live events), failing with `what`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out: ${what}`);
}
