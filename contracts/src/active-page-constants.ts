/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */

/** The web app reports its page this often, and at once when it changes (spec part 1 §7). */
export const ACTIVE_PAGE_HEARTBEAT_MS = 20_000;
