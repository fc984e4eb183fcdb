import { useEffect, useState } from 'react';
import type { TChannel } from '@cd/contracts/customer';
import { useMessages } from '../api/get-messages';
import { lastInboundWhatsAppAt, whatsappWindow } from '../lib/whatsapp-window';

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(h);
  }, []);
  return now;
}

/**
 * Spec part 1 §8: WhatsApp free text only within 24 h of the customer's last inbound WhatsApp message (loaded thread),
 * or until the server says the window is closed.
 */
export function useWhatsAppWindowState(customerId: number, channel: TChannel | '') {
  const thread = useMessages(customerId);
  const now = useMinuteClock();
  const threadMessages = thread.data?.pages.flatMap((p) => p.member) ?? [];
  const lastInbound = lastInboundWhatsAppAt(threadMessages);
  // The server's "closed" verdict holds for the customer and last inbound message it was given for: another customer
  // or a new inbound WhatsApp message reopens it, without an effect resetting a flag.
  const verdictKey = `${customerId}\n${lastInbound ?? ''}`;
  const [serverClosedFor, setServerClosedFor] = useState<string | null>(null);
  const serverClosed = serverClosedFor === verdictKey;
  const waWindow = thread.isSuccess ? whatsappWindow(channel, threadMessages, now) : { state: 'not_whatsapp' as const };
  const windowClosed = channel === 'whatsapp' && (waWindow.state === 'closed' || serverClosed);
  return { windowClosed, markServerClosed: () => setServerClosedFor(verdictKey) };
}
