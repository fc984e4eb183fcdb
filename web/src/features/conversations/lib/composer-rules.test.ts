import { describe, expect, it } from 'vitest';
import { applyRecording, canSend, defaultChannel, recordingFileName } from './composer-rules';

const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type, lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

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

describe('default channel', () => {
  it("prefers the customer's channel when available, then the company's best one", () => {
    expect(defaultChannel('viber', ['viber', 'simulator'])).toBe('viber');
    expect(defaultChannel('viber', ['simulator'])).toBe('simulator');
    expect(defaultChannel(null, ['sms_provider', 'simulator'])).toBe('sms_provider');
    expect(defaultChannel(null, ['simulator'])).toBe('simulator');
    expect(defaultChannel(null, [])).toBe('');
  });
});

describe('recording file name', () => {
  it('takes its extension from the type without parameters', () => {
    const at = new Date(2025, 5, 10, 12, 0, 5);
    expect(recordingFileName('audio/ogg;codecs=opus', at)).toBe('recording-20250610-120005.ogg');
    expect(recordingFileName('audio/unknown', at)).toBe('recording-20250610-120005.webm');
  });
});
