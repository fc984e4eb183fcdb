/**
 * A point where a module announces a change and modules above it react, without the announcing module importing
 * them (issue 12: server modules form no import cycle). The announcing module declares the hook in its
 * `<area>.api.ts`; the composition root (app.ts) attaches the reactions. Handlers run in attachment order, in the
 * announcer's transaction when the event carries one, so their writes commit or roll back with the change.
 *
 * Handlers must take everything they need from the event (deps, tx): a hook is module state shared by every app
 * built in the process, and attaching the same function again is a no-op so building a second app (tests) does not
 * run a reaction twice.
 */
export interface THook<TEvent> {
  readonly name: string;
  attach(handler: (event: TEvent) => Promise<void> | void): void;
  run(event: TEvent): Promise<void>;
}

export function createHook<TEvent>(opts: { name: string }): THook<TEvent> {
  const handlers = new Set<(event: TEvent) => Promise<void> | void>();
  return {
    name: opts.name,
    attach(handler) {
      handlers.add(handler);
    },
    async run(event) {
      for (const handler of handlers) await handler(event);
    },
  };
}
