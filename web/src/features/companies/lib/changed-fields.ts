/** Deep structural equality for JSON-like form values (plain objects, arrays, primitives). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => isSameValue(item, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    return true;
  }
  return false;
}

/** The merge-patch body for a settings form: the top-level fields whose value differs from the original. A changed
 * nested group is sent whole (the server merges groups, and hours per weekday), so arrays are never half-sent.
 * Empty result = nothing changed (the form warns "no changes" and makes no call). */
export function getChangedFields<T extends Record<string, unknown>>(options: { original: T; current: T }): Partial<T> {
  const { original, current } = options;
  const changed: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (!isSameValue(original[key], current[key])) changed[key] = current[key];
  }
  return changed;
}
