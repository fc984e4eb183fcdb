import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

const NEAR_TOP_PX = 120;
const NEAR_BOTTOM_PX = 140;

interface TOptions<M extends { id: number }> {
  /** The loaded messages, oldest first. */
  messages: readonly M[];
  /** Which list this is (customer, chat): another one starts again at the bottom. */
  listKey: number;
  /** A new newest message of the reader's own is followed even when they had scrolled up. Keep it stable. */
  isOwn: (message: M) => boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Scrolling of a message list that pages older messages in at the top (customer thread, internal chat):
 * starts at the newest, keeps the reader's place when older pages grow the top, follows new messages only when
 * the reader is at the end (or wrote them), and fills a pane a short first page leaves empty.
 */
export function useMessageListScroll<M extends { id: number }>({ messages, listKey, isOwn, hasNextPage, isFetchingNextPage, fetchNextPage }: TOptions<M>) {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const nearBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const prevEdges = useRef<{ oldest: number; newest: number; listKey: number } | null>(null);

  const loadOlder = useCallback(() => {
    const el = scrollerRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const scrollToBottom = () => {
    const el = scrollerRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el || messages.length === 0) return;
    const oldest = messages[0]!.id;
    const newest = messages[messages.length - 1]!.id;
    const prev = prevEdges.current;
    prevEdges.current = { oldest, newest, listKey };
    if (!prev || prev.listKey !== listKey) {
      scrollToBottom();
      return;
    }
    if (anchor.current && prev.oldest !== oldest) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    if (prev.newest !== newest && (nearBottom.current || isOwn(messages[messages.length - 1]!))) scrollToBottom();
  }, [messages, listKey, isOwn]);

  useEffect(() => {
    if (!isFetchingNextPage && anchor.current && !hasNextPage) anchor.current = null;
  }, [isFetchingNextPage, hasNextPage]);

  // A short first page does not fill the pane: keep loading until it scrolls or there is nothing older.
  useEffect(() => {
    const el = scrollerRef.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight + 4) loadOlder();
  }, [messages, hasNextPage, isFetchingNextPage, loadOlder]);

  const onScroll = () => {
    const el = scrollerRef.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  /** Images that finish loading grow the list: stay at the end when the reader was there. */
  const onMediaLoad = () => {
    if (nearBottom.current && !anchor.current) scrollToBottom();
  };

  return { scrollerRef, onScroll, onMediaLoad };
}
