import { useEffect, useEffectEvent } from 'react';

/**
 * Alt+<key> anywhere in the app (spec part 1 §9: Alt+T opens the notifications). Matched on the physical key, so
 * keyboard layouts and macOS's Option characters do not matter.
 */
export function useAltHotkey(code: string, onPress: () => void) {
  // An effect event: the latest `onPress` without re-adding the listener on every render.
  const handler = useEffectEvent(onPress);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.code !== code || e.repeat) return;
      e.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [code]);
}
