import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children from the first time `open` is true on: a lazy dialog's code loads when it is first opened,
 * and stays mounted afterwards so it still animates closed.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Derived from the prop during render (React's pattern for state that follows a prop), not in an effect.
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
