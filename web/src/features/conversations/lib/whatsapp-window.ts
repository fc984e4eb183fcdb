import type { TMessage } from '@cd/contracts/message';

/** Spec part 1 §8: free-form WhatsApp messages only within 24 hours of the customer's last inbound WhatsApp message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The server's refusal (422) and the composer's notice; also a catalogue key so the server text is translated. */
export const WHATSAPP_WINDOW_CLOSED_MESSAGE = "24 hours have passed since the customer's last WhatsApp message. Only the invite template can be sent.";

type TThreadMessage = Pick<TMessage, 'channel' | 'direction' | 'createdAt' | 'sentAt'>;

/** When the customer last wrote over WhatsApp, among the loaded messages (ISO), or null. */
export function lastInboundWhatsAppAt(messages: readonly TThreadMessage[]): string | null {
  let best: number | null = null;
  let bestIso: string | null = null;
  for (const m of messages) {
    if (m.channel !== 'whatsapp' || m.direction !== 'INBOUND') continue;
    const iso = m.sentAt ?? m.createdAt;
    const at = Date.parse(iso);
    if (!Number.isFinite(at)) continue;
    if (best === null || at > best) {
      best = at;
      bestIso = iso;
    }
  }
  return bestIso;
}

export type TWhatsAppWindow = { state: 'not_whatsapp' } | { state: 'open'; closesAt: string } | { state: 'closed'; lastInboundAt: string | null };

/**
 * Whether free text may be sent: only for the WhatsApp channel does the 24-hour rule apply; an absent inbound
 * message or one older than 24 h (exactly 24 h counts as passed) closes the window.
 */
export function whatsappWindow(channel: string | null | undefined, messages: readonly TThreadMessage[], now: number = Date.now()): TWhatsAppWindow {
  if (channel !== 'whatsapp') return { state: 'not_whatsapp' };
  const last = lastInboundWhatsAppAt(messages);
  if (last === null) return { state: 'closed', lastInboundAt: null };
  const closesAt = Date.parse(last) + WHATSAPP_WINDOW_MS;
  if (now >= closesAt) return { state: 'closed', lastInboundAt: last };
  return { state: 'open', closesAt: new Date(closesAt).toISOString() };
}

/** True for the server's refusal of a free-form WhatsApp message outside the window. */
export function isWindowClosedError(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  const texts = [b.description, b.detail, b.message, ...(Array.isArray(b.violations) ? b.violations.map((v: { message?: unknown }) => v?.message) : [])];
  return texts.some((x) => typeof x === 'string' && x.includes('24 hours have passed'));
}
