/**
 * Which methods a path answers to, for 405 answers: Fastify's router reports a known path with an unknown method
 * as not found, so the not-found handler asks this instead. The route patterns are Fastify's own (`:param`, `*`).
 */
export function createAllowedMethodsFinder(routeTable: readonly { method: string; url: string }[]) {
  let compiled: { method: string; pattern: RegExp }[] | undefined;
  const compile = () =>
    routeTable.map(({ method, url }) => ({
      method,
      pattern: new RegExp(
        `^${url
          .split(/(:[A-Za-z0-9_]+|\*)/)
          .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('')}$`,
      ),
    }));

  /** Methods of every route matching `path` (no query string), HEAD wherever GET is (Fastify answers it); [] if none. */
  return function findAllowedMethods(path: string): string[] {
    // Compiled on first use: every route is registered by the time requests arrive.
    compiled ??= compile();
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
