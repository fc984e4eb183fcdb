/**
 * One live app tab per browser profile (spec part 1 §2): a newly opened tab that hears from an older live tab
 * moves itself to /another_tab_open.html. That page links back with ?take_over=1, which makes the older tab
 * step aside instead. BroadcastChannel is per profile, so separate browser contexts never see each other.
 */
export const ANOTHER_TAB_PAGE = '/another_tab_open.html';
export const TAKE_OVER_PARAM = 'take_over';
const CHANNEL = 'courier-desk-tabs';

/** Read once when the bundle loads: the URL is cleaned up right after start. */
export const takeOverRequestedAtStart =
  typeof window !== 'undefined' && new URL(window.location.href).searchParams.has(TAKE_OVER_PARAM);

type TMessage =
  | { type: 'hello'; id: string; startedAt: number }
  | { type: 'here'; id: string; startedAt: number; to: string }
  | { type: 'take-over'; id: string };

interface TOptions {
  takeOver: boolean;
  onYield: () => void;
}

export function startSingleTabGuard({ takeOver, onYield }: TOptions): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  const startedAt = Date.now();
  const channel = new BroadcastChannel(CHANNEL);
  let yielded = false;

  const older = (a: { startedAt: number; id: string }, b: { startedAt: number; id: string }) =>
    a.startedAt < b.startedAt || (a.startedAt === b.startedAt && a.id < b.id);

  const yieldTab = () => {
    if (yielded) return;
    yielded = true;
    channel.close();
    onYield();
  };

  channel.onmessage = (event: MessageEvent<TMessage>) => {
    const msg = event.data;
    if (!msg || msg.id === id || yielded) return;
    if (msg.type === 'hello') channel.postMessage({ type: 'here', id, startedAt, to: msg.id } satisfies TMessage);
    // Two tabs opened at the same moment: only the younger one leaves.
    else if (msg.type === 'here' && msg.to === id && older(msg, { id, startedAt })) yieldTab();
    else if (msg.type === 'take-over') yieldTab();
  };

  channel.postMessage((takeOver ? { type: 'take-over', id } : { type: 'hello', id, startedAt }) satisfies TMessage);

  return () => {
    if (!yielded) channel.close();
    yielded = true;
  };
}
