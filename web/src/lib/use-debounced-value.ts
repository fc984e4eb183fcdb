import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const h = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(h);
  }, [value, ms]);
  return debounced;
}
