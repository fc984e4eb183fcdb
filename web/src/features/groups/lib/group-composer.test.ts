import { describe, expect, it } from 'vitest';
import { canSendGroupMessage, checkSchedule, withinAttachmentLimit } from './group-composer';

describe('group composer rules', () => {
  it('keeps attachments strictly below 95,000,000 bytes', () => {
    expect(withinAttachmentLimit([{ size: 94_999_999 }])).toBe(true);
    expect(withinAttachmentLimit([{ size: 50_000_000 }, { size: 45_000_000 }])).toBe(false);
  });
  it('accepts only a future schedule', () => {
    const now = new Date('2026-01-01T12:00:00');
    expect(checkSchedule('', now)).toEqual({ ok: true, iso: null });
    expect(checkSchedule('2026-01-01T11:59', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule('garbage', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule('2026-01-01T12:30', now).ok).toBe(true);
  });
  it('needs text or a file and at least one member', () => {
    expect(canSendGroupMessage({ text: ' hi ', files: [], members: 2, sending: false })).toBe(true);
    expect(canSendGroupMessage({ text: ' ', files: [], members: 2, sending: false })).toBe(false);
    expect(canSendGroupMessage({ text: '', files: [1], members: 2, sending: false })).toBe(true);
    expect(canSendGroupMessage({ text: 'hi', files: [], members: 0, sending: false })).toBe(false);
    expect(canSendGroupMessage({ text: 'hi', files: [], members: 2, sending: true })).toBe(false);
  });
});
