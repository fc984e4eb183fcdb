import { useLayoutEffect, useRef, useState, type ElementType, type ReactElement, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type { TooltipProps } from '@mui/material/Tooltip';

/*
 * MUI's Tooltip with popper.js is about 12 KB gzip, too much for the first screen's icon buttons (issue 15). This
 * wrapper renders the bare child (named by the title, as Tooltip names it) and loads Tooltip on the first pointer,
 * focus or touch on it; then Tooltip takes over and is opened for the hover or keyboard focus that asked for it.
 */

type TTooltipModule = typeof import('@mui/material/Tooltip');
let loaded: TTooltipModule | undefined;
let loading: Promise<TTooltipModule> | undefined;

function loadTooltip(): Promise<TTooltipModule> {
  loading ??= import('@mui/material/Tooltip').then((m) => (loaded = m));
  // A failed fetch may be retried by the next interaction.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Fetches Tooltip ahead of use (the inbox calls it when idle), so a first hover rarely waits for the network. */
export function preloadTooltip(): void {
  void loadTooltip().catch(() => undefined);
}

type THandler = ((event: SyntheticEvent<HTMLElement>) => void) | undefined;
interface TChildProps {
  'aria-label'?: string;
  onPointerEnter?: THandler;
  onPointerLeave?: THandler;
  onFocus?: THandler;
  onBlur?: THandler;
  onPointerDown?: THandler;
  onClick?: THandler;
}

/** Drop-in for MUI's Tooltip (same props) that keeps the Tooltip code off the first screen until it is used. */
export function LazyTooltip(props: TooltipProps) {
  const { title, children } = props;
  const [module, setModule] = useState<TTooltipModule | undefined>(loaded);
  const node = useRef<HTMLElement>(null);
  // What the user was doing to the bare child when Tooltip arrived: replayed on Tooltip's own child.
  const pending = useRef({ hovered: false, focused: false });
  // Tooltip re-creates its child: not between a press and its click, or the click would miss the button.
  const press = useRef<{ pressed: boolean; arrived?: TTooltipModule }>({ pressed: false });

  useLayoutEffect(() => {
    if (!module || !node.current) return;
    const target = node.current;
    if (pending.current.focused && target.ownerDocument.activeElement !== target) target.focus();
    // Tooltip opens on mouseover (React listens at the root, so a dispatched event reaches its handler).
    if (pending.current.hovered) target.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    pending.current = { hovered: false, focused: false };
  }, [module]);

  if (module) {
    const Tooltip = module.default;
    return <Tooltip ref={node} {...props} />;
  }

  const child = children as ReactElement<TChildProps>;
  const own = child.props;
  // The swap renders at once (flushSync), so no press can start on the bare child and end on Tooltip's.
  const swap = (m: TTooltipModule) => {
    if (press.current.pressed) press.current.arrived = m;
    else flushSync(() => setModule(m));
  };
  const activate = () => {
    if (loaded) swap(loaded);
    else void loadTooltip().then(swap, () => undefined);
  };
  // The child re-rendered with its name and the handlers below, each doing its part, then the child's own.
  const Child = child.type as ElementType<TChildProps>;
  return (
    <Child
      {...own}
      // Tooltip names its child by a string title unless the child is named already (describeChild is not used here).
      aria-label={own['aria-label'] ?? (typeof title === 'string' && title ? title : undefined)}
      onPointerEnter={(event: SyntheticEvent<HTMLElement>) => {
        // A touch does not open Tooltip (it waits for a long press), so only a mouse's hover is replayed.
        pending.current.hovered = (event.nativeEvent as PointerEvent).pointerType === 'mouse';
        activate();
        own.onPointerEnter?.(event);
      }}
      onPointerLeave={(event: SyntheticEvent<HTMLElement>) => {
        pending.current.hovered = false;
        // A press dragged off the child ends without a click.
        const arrived = press.current.pressed ? press.current.arrived : undefined;
        press.current.pressed = false;
        if (arrived) setModule(arrived);
        own.onPointerLeave?.(event);
      }}
      // Focus moves to Tooltip's child; Tooltip itself opens only for keyboard focus (:focus-visible), as before.
      onFocus={(event: SyntheticEvent<HTMLElement>) => {
        pending.current.focused = true;
        activate();
        own.onFocus?.(event);
      }}
      onBlur={(event: SyntheticEvent<HTMLElement>) => {
        pending.current.focused = false;
        own.onBlur?.(event);
      }}
      onPointerDown={(event: SyntheticEvent<HTMLElement>) => {
        press.current.pressed = true;
        own.onPointerDown?.(event);
      }}
      onClick={(event: SyntheticEvent<HTMLElement>) => {
        own.onClick?.(event);
        press.current.pressed = false;
        // After the child's own click handler has run.
        const arrived = press.current.arrived;
        if (arrived) setTimeout(() => setModule(arrived));
      }}
    />
  );
}
