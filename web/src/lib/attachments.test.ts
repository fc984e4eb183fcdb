import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import { addFiles, baseMime, formatBytes, isAcceptedType, withinAttachmentLimit } from './attachments';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type, lastModified: 1 });

describe('attachment size rule', () => {
  it('accepts a total strictly below the limit only', () => {
    expect(withinAttachmentLimit([])).toBe(true);
    expect(withinAttachmentLimit([{ size: MAX_TOTAL_ATTACHMENT_BYTES - 1 }])).toBe(true);
    expect(withinAttachmentLimit([{ size: MAX_TOTAL_ATTACHMENT_BYTES }])).toBe(false);
    expect(withinAttachmentLimit([{ size: 50_000_000 }, { size: 45_000_000 }])).toBe(false);
    expect(withinAttachmentLimit([{ size: 40 }, { size: 59 }], 100)).toBe(true);
    expect(withinAttachmentLimit([{ size: 40 }, { size: 60 }], 100)).toBe(false);
  });
});

describe('attachment type rule', () => {
  it('adds accepted files once and reports the others', () => {
    const png = file('a.png', 'image/png', 3);
    const { files, rejected } = addFiles([png], [png, file('b.pdf', 'application/pdf', 2), file('c.exe', 'application/x-msdownload', 1)]);
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
    expect(rejected.map((f) => f.name)).toEqual(['c.exe']);
  });

  it('ignores MIME parameters and case', () => {
    expect(baseMime('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(isAcceptedType('Image/PNG')).toBe(true);
    expect(isAcceptedType('application/x-msdownload')).toBe(false);
  });
});

describe('attachment sizes', () => {
  it('formats bytes for chips', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(95_000_000)).toBe('91 MB');
    expect(formatBytes(-1)).toBe('');
  });
});
