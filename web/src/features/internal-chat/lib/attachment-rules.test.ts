import { describe, expect, it } from 'vitest';
import { sendCheck } from './attachment-rules';
import { existingThreadIdOf } from './chat-errors';

describe('send check', () => {
  it('refuses an empty draft and a total at or above the limit', () => {
    expect(sendCheck({ text: ' ', files: [] })).toBe('empty');
    expect(sendCheck({ text: '', files: [{ size: 100 }] }, 100)).toBe('too_large');
    expect(sendCheck({ text: '', files: [{ size: 99 }] }, 100)).toBe('ok');
    expect(sendCheck({ text: 'hi', files: [] })).toBe('ok');
  });
});

describe('"Chat already exists"', () => {
  it('reads the existing thread from the 422 problem body only', () => {
    expect(existingThreadIdOf(422, { detail: 'Chat already exists', threadId: 7 })).toBe(7);
    expect(existingThreadIdOf(422, { detail: 'name: A group chat needs a name.' })).toBeNull();
    expect(existingThreadIdOf(404, { detail: 'Chat already exists', threadId: 7 })).toBeNull();
    expect(existingThreadIdOf(422, 'text')).toBeNull();
  });
});
