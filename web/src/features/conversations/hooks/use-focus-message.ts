import { useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router';

/** Older pages loaded at most to reach a message named in the address (a search hit far back). */
const MAX_PAGES = 40;

/**
 * `?message=<id>` in the conversation's address (a search hit): pages older messages in until that message is loaded,
 * then scrolls it into the middle of the thread. Returns the id to highlight (null when none, or not reached).
 */
export function useFocusMessage(opts: {
  messages: readonly { id: number }[];
  scrollerRef: RefObject<HTMLDivElement | null>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}): number | null {
  const { messages, scrollerRef, hasNextPage, isFetchingNextPage, fetchNextPage } = opts;
  const [params] = useSearchParams();
  const raw = params.get('message');
  const target = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const pages = useRef(0);
  const scrolledTo = useRef<number | null>(null);
  const loaded = target !== null && messages.some((m) => m.id === target);

  useEffect(() => {
    pages.current = 0;
  }, [target]);

  useEffect(() => {
    if (target === null || loaded || !hasNextPage || isFetchingNextPage || pages.current >= MAX_PAGES || messages.length === 0) return;
    pages.current++;
    void fetchNextPage();
  }, [target, loaded, hasNextPage, isFetchingNextPage, fetchNextPage, messages.length]);

  useEffect(() => {
    if (target === null || !loaded || scrolledTo.current === target) return;
    const el = scrollerRef.current?.querySelector(`[data-testid="message-${target}"]`);
    if (!(el instanceof HTMLElement)) return;
    scrolledTo.current = target;
    // After the list's own scroll handling of this render (it starts at the newest message).
    requestAnimationFrame(() => el.scrollIntoView?.({ block: 'center' }));
  });

  return loaded ? target : null;
}
