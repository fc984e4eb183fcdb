import { useState, type KeyboardEvent, type RefObject } from 'react';
import type { TVirtualListHandle } from '../components/ui/virtual-list';

interface TOptions<T extends { id: number }> {
  rows: T[];
  selectedId: number | null;
  onOpen: (row: T) => void;
  listRef: RefObject<TVirtualListHandle | null>;
  /** Rows PageUp/PageDown move by; without it those keys are left to the browser. */
  pageStep?: number;
}

/**
 * Keyboard use of a virtual listbox: arrows/Home/End move an active row (starting from the selected one),
 * Enter or Space opens it. The active row is announced through aria-activedescendant by the caller.
 */
export function useListboxKeys<T extends { id: number }>({ rows, selectedId, onOpen, listRef, pageStep }: TOptions<T>) {
  const [activeIndex, setActiveIndex] = useState(-1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const current = activeIndex >= 0 ? activeIndex : Math.max(0, rows.findIndex((r) => r.id === selectedId));
    let next: number;
    if (e.key === 'ArrowDown') next = Math.min(rows.length - 1, activeIndex < 0 ? current : current + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = rows.length - 1;
    else if (pageStep && e.key === 'PageDown') next = Math.min(rows.length - 1, current + pageStep);
    else if (pageStep && e.key === 'PageUp') next = Math.max(0, current - pageStep);
    else if (e.key === 'Enter' || e.key === ' ') {
      const row = rows[current];
      if (row) {
        e.preventDefault();
        onOpen(row);
      }
      return;
    } else return;
    e.preventDefault();
    setActiveIndex(next);
    listRef.current?.scrollToIndex(next);
  };

  return { activeIndex, setActiveIndex, onKeyDown };
}
