import { useRef } from 'react';
import { useRevision } from '../api/get-revision';

/** True once the served revision differs from the one seen when the app loaded. */
export function useNewVersionAvailable(): boolean {
  const { data } = useRevision();
  const initial = useRef<string | null>(null);
  if (data?.revision && initial.current === null) initial.current = data.revision;
  return !!data?.revision && initial.current !== null && data.revision !== initial.current;
}
