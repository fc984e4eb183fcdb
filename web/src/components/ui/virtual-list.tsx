import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Which rows to render for a fixed row height (pure; exported for tests). */
export function visibleRange(scrollTop: number, viewport: number, itemHeight: number, count: number, overscan: number): [number, number] {
  if (count === 0 || itemHeight <= 0) return [0, -1];
  const first = Math.max(0, Math.floor(scrollTop / itemHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + Math.max(viewport, itemHeight)) / itemHeight) + overscan);
  return [first, last];
}

export interface TVirtualListHandle {
  scrollToIndex: (index: number) => void;
  element: HTMLDivElement | null;
}

interface TProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  itemCount: number;
  itemHeight: number;
  renderItem: (index: number, style: CSSProperties) => ReactNode;
  /** Called when the last rendered row is within `endThreshold` rows of the end. */
  onEndReached?: () => void;
  endThreshold?: number;
  overscan?: number;
  /** Rendered after the rows (e.g. a "loading more" line), outside the windowing. */
  footer?: ReactNode;
}

/**
 * A small fixed-row-height windowing list: only the visible rows (plus overscan) are in the DOM, absolutely
 * positioned inside a spacer of the full height.
 */
export const VirtualList = forwardRef<TVirtualListHandle, TProps>(function VirtualList(
  { itemCount, itemHeight, renderItem, onEndReached, endThreshold = 5, overscan = 6, footer, style, ...rest },
  ref,
) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setViewport(el.clientHeight || 600);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index: number) => {
        const el = scroller.current;
        if (!el) return;
        const top = index * itemHeight;
        const bottom = top + itemHeight;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
      },
      get element() {
        return scroller.current;
      },
    }),
    [itemHeight],
  );

  const [first, last] = visibleRange(scrollTop, viewport, itemHeight, itemCount, overscan);

  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  useEffect(() => {
    if (itemCount > 0 && last >= itemCount - 1 - endThreshold) endRef.current?.();
  }, [last, itemCount, endThreshold]);

  const onScroll = useCallback((e: React.UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop), []);

  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i++)
    rows.push(renderItem(i, { position: 'absolute', top: i * itemHeight, left: 0, right: 0, height: itemHeight }));

  return (
    <div ref={scroller} onScroll={onScroll} style={{ overflowY: 'auto', position: 'relative', ...style }} {...rest}>
      <Box sx={{ position: 'relative', height: itemCount * itemHeight }}>{rows}</Box>
      {footer}
    </div>
  );
});
