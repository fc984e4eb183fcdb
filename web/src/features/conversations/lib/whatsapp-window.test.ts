import { describe, expect, it } from 'vitest';
import { isWindowClosedError, lastInboundWhatsAppAt, WHATSAPP_WINDOW_CLOSED_MESSAGE, WHATSAPP_WINDOW_MS, whatsappWindow } from './whatsapp-window';

const now = Date.parse('2026-05-10T12:00:00Z');
const msg = (channel: string, direction: 'INBOUND' | 'OUTBOUND', hoursAgo: number, sent = true) => {
  const iso = new Date(now - hoursAgo * 3600_000).toISOString();
  return { channel: channel as 'whatsapp', direction, createdAt: iso, sentAt: sent ? iso : null };
};

describe('whatsappWindow', () => {
  it('does not apply to other channels', () => {
    expect(whatsappWindow('sms_provider', [], now)).toEqual({ state: 'not_whatsapp' });
    expect(whatsappWindow('', [msg('whatsapp', 'INBOUND', 30)], now).state).toBe('not_whatsapp');
  });

  it('is closed when the customer never wrote over WhatsApp', () => {
    expect(whatsappWindow('whatsapp', [], now)).toEqual({ state: 'closed', lastInboundAt: null });
    // Outbound WhatsApp and inbound on other channels do not open it.
    expect(whatsappWindow('whatsapp', [msg('whatsapp', 'OUTBOUND', 1), msg('sms_provider', 'INBOUND', 1)], now).state).toBe('closed');
  });

  it('is open within 24 hours of the last inbound WhatsApp message', () => {
    const w = whatsappWindow('whatsapp', [msg('whatsapp', 'INBOUND', 30), msg('whatsapp', 'INBOUND', 23.5)], now);
    expect(w.state).toBe('open');
    if (w.state === 'open') expect(Date.parse(w.closesAt)).toBe(now - 23.5 * 3600_000 + WHATSAPP_WINDOW_MS);
  });

  it('is closed once 24 hours have passed (boundary included)', () => {
    expect(whatsappWindow('whatsapp', [msg('whatsapp', 'INBOUND', 24)], now).state).toBe('closed');
    expect(whatsappWindow('whatsapp', [msg('whatsapp', 'INBOUND', 23.99)], now).state).toBe('open');
    expect(whatsappWindow('whatsapp', [msg('whatsapp', 'INBOUND', 48)], now)).toEqual({ state: 'closed', lastInboundAt: new Date(now - 48 * 3600_000).toISOString() });
  });

  it('uses createdAt when sentAt is missing and ignores unparseable dates', () => {
    expect(lastInboundWhatsAppAt([msg('whatsapp', 'INBOUND', 2, false), { channel: 'whatsapp', direction: 'INBOUND', createdAt: 'nope', sentAt: null }])).toBe(new Date(now - 2 * 3600_000).toISOString());
  });
});

describe('isWindowClosedError', () => {
  it('recognises the server refusal in description, detail or violations', () => {
    expect(isWindowClosedError({ description: WHATSAPP_WINDOW_CLOSED_MESSAGE })).toBe(true);
    expect(isWindowClosedError({ violations: [{ propertyPath: 'channel', message: WHATSAPP_WINDOW_CLOSED_MESSAGE }] })).toBe(true);
    expect(isWindowClosedError({ description: 'Something else' })).toBe(false);
    expect(isWindowClosedError(null)).toBe(false);
  });
});
