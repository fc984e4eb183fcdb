import { useState } from 'react';

/**
 * True during the first render and during any render in which `value` differs (Object.is) from the previous render's.
 * For resetting state when a prop changes, while rendering (React's "adjusting state when a prop changes"), instead of
 * an effect that paints the stale state once and then renders again. The first render counts as a change, as an effect
 * would have run on mount.
 */
export function useValueChanged<T>(value: T): boolean {
  const [previous, setPrevious] = useState<{ value: T } | null>(null);
  if (previous && Object.is(previous.value, value)) return false;
  setPrevious({ value });
  return true;
}
