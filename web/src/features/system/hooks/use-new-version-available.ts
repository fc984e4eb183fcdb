import { useState } from 'react';
import { useRevision } from '../api/get-revision';

/** True once the served revision differs from the one seen when the app loaded. */
export function useNewVersionAvailable(): boolean {
  const { data } = useRevision();
  // State, not a ref: render reads it. Set once, while rendering, from the first revision seen.
  const [initial, setInitial] = useState<string | null>(null);
  if (data?.revision && initial === null) setInitial(data.revision);
  return !!data?.revision && initial !== null && data.revision !== initial;
}
