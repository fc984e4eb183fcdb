import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative labels ("5 min") in lists stay true. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const h = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(h);
  }, [intervalMs]);
  return now;
}
