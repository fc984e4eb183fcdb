import { useEffect, useState, type ComponentType } from 'react';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';

/*
 * The shell's menus (user, theme, language) and the notification popover keep MUI's Menu and Popover (with MenuList:
 * about 6 KB gzip) off the first screen (issue 15). A closed Menu or Popover renders nothing anyway, so their code
 * loads when one first opens, or before: when the inbox is idle, or when the opening button is pointed at or focused.
 */

interface TOverlayProps {
  open: boolean;
  keepMounted?: boolean;
}

function lazyOverlay<P extends TOverlayProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadComponent = () => {
    loading ??= load().then((m) => (loaded = m.default));
    // A failed fetch may be retried by the next opening.
    loading.catch(() => (loading = undefined));
    return loading;
  };

  function LazyOverlay(props: P) {
    const [component, setComponent] = useState<{ Overlay: ComponentType<P> } | undefined>(loaded && { Overlay: loaded });
    const wanted = props.open || props.keepMounted;
    useEffect(() => {
      if (wanted && !component)
        void loadComponent().then(
          (Overlay) => setComponent({ Overlay }),
          () => undefined,
        );
    }, [wanted, component]);
    if (!component) return null;
    return <component.Overlay {...props} />;
  }
  const preload = () => void loadComponent().catch(() => undefined);
  return { LazyOverlay, preload };
}

const menu = lazyOverlay<MenuProps>(() => import('@mui/material/Menu'));
const popover = lazyOverlay<PopoverProps>(() => import('@mui/material/Popover'));

/** Drop-in for MUI's Menu (same props) that loads Menu's code the first time it opens. */
export const LazyMenu = menu.LazyOverlay;
/** Drop-in for MUI's Popover (same props) that loads Popover's code the first time it opens. */
export const LazyPopover = popover.LazyOverlay;

/** Fetches Menu ahead of use: from the opening button's pointer and focus events, or when idle. */
export const preloadMenu = menu.preload;
/** Fetches Popover ahead of use: from the opening button's pointer and focus events, or when idle. */
export const preloadPopover = popover.preload;
