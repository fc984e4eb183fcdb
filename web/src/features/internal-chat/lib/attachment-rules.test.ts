import { describe, expect, it } from 'vitest';
import { addFiles, formatBytes, sendCheck, withinAttachmentLimit } from './attachment-rules';
import { existingThreadIdOf } from './chat-errors';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type, lastModified: 1 });

describe('attachment rules', () => {
  it('the total must stay strictly below the limit', () => {
    expect(withinAttachmentLimit([{ size: 40 }, { size: 59 }], 100)).toBe(true);
    expect(withinAttachmentLimit([{ size: 40 }, { size: 60 }], 100)).toBe(false);
    expect(sendCheck({ text: ' ', files: [] })).toBe('empty');
    expect(sendCheck({ text: '', files: [{ size: 100 }] }, 100)).toBe('too_large');
    expect(sendCheck({ text: 'hi', files: [] })).toBe('ok');
  });

  it('adds accepted files once and reports the others', () => {
    const png = file('a.png', 'image/png', 3);
    const { files, rejected } = addFiles([png], [png, file('b.pdf', 'application/pdf', 2), file('c.exe', 'application/x-msdownload', 1)]);
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
    expect(rejected.map((f) => f.name)).toEqual(['c.exe']);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(95_000_000)).toBe('91 MB');
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
