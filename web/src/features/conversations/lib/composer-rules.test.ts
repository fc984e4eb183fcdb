import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import { addFiles, applyRecording, baseMime, canSend, checkSchedule, defaultChannel, withinAttachmentLimit } from './composer-rules';

const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type, lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('attachment size rule', () => {
  it('accepts a total strictly below the limit only', () => {
    expect(withinAttachmentLimit([])).toBe(true);
    expect(withinAttachmentLimit([{ size: MAX_TOTAL_ATTACHMENT_BYTES - 1 }])).toBe(true);
    expect(withinAttachmentLimit([{ size: MAX_TOTAL_ATTACHMENT_BYTES }])).toBe(false);
    expect(withinAttachmentLimit([{ size: 50_000_000 }, { size: 45_000_000 }])).toBe(false);
  });

  it('skips unsupported types and duplicates', () => {
    const a = file('a.pdf', 10, 'application/pdf');
    const r = addFiles([a], [a, file('b.exe', 5, 'application/x-msdownload'), file('c.png', 3, 'image/png')]);
    expect(r.files.map((f) => f.name)).toEqual(['a.pdf', 'c.png']);
    expect(r.rejected.map((f) => f.name)).toEqual(['b.exe']);
    expect(baseMime('audio/webm;codecs=opus')).toBe('audio/webm');
  });
});

describe('audio recording rule', () => {
  it('replaces every other attachment and clears the draft text', () => {
    const audio = file('rec.webm', 100, 'audio/webm');
    const next = applyRecording({ text: 'hello', files: [file('a.pdf', 1, 'application/pdf'), file('b.png', 1, 'image/png')] }, audio);
    expect(next).toEqual({ text: '', files: [audio] });
  });
});

describe('send button', () => {
  it('is disabled while empty or sending', () => {
    expect(canSend({ text: '  ', files: [] }, false)).toBe(false);
    expect(canSend({ text: 'hi', files: [] }, true)).toBe(false);
    expect(canSend({ text: '', files: [file('a.png', 1, 'image/png')] }, false)).toBe(true);
    expect(canSend({ text: 'hi', files: [] }, false)).toBe(true);
  });
});

describe('schedule rule', () => {
  const now = new Date(2025, 5, 10, 12, 0);
  it('accepts only a future date and time', () => {
    expect(checkSchedule('', now)).toEqual({ ok: true, iso: null });
    expect(checkSchedule('2025-06-10T12:00', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule('2025-06-10T11:59', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule('garbage', now)).toEqual({ ok: false, reason: 'invalid' });
    const ok = checkSchedule('2025-06-10T12:01', now);
    expect(ok.ok).toBe(true);
    expect(ok.ok && new Date(ok.iso!).getTime()).toBe(new Date(2025, 5, 10, 12, 1).getTime());
  });
});

describe('default channel', () => {
  it("prefers the customer's channel when available, then the company's best one", () => {
    expect(defaultChannel('viber', ['viber', 'simulator'])).toBe('viber');
    expect(defaultChannel('viber', ['simulator'])).toBe('simulator');
    expect(defaultChannel(null, ['sms_provider', 'simulator'])).toBe('sms_provider');
    expect(defaultChannel(null, ['simulator'])).toBe('simulator');
    expect(defaultChannel(null, [])).toBe('');
  });
});
