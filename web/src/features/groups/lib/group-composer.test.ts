import { describe, expect, it } from 'vitest';
import { canSendGroupMessage } from './group-composer';

describe('group composer rules', () => {
  it('needs text or a file and at least one member', () => {
    expect(canSendGroupMessage({ text: ' hi ', files: [], members: 2, sending: false })).toBe(true);
    expect(canSendGroupMessage({ text: ' ', files: [], members: 2, sending: false })).toBe(false);
    expect(canSendGroupMessage({ text: '', files: [1], members: 2, sending: false })).toBe(true);
    expect(canSendGroupMessage({ text: 'hi', files: [], members: 0, sending: false })).toBe(false);
    expect(canSendGroupMessage({ text: 'hi', files: [], members: 2, sending: true })).toBe(false);
  });
});
