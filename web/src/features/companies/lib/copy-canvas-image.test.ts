import { describe, expect, it, vi } from 'vitest';
import { copyCanvasImage } from './copy-canvas-image';

class FakeItem {
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}
const canvas = (blob: Blob | null) => ({ toBlob: (cb: BlobCallback) => cb(blob) });

describe('copyCanvasImage', () => {
  it('is unsupported without ClipboardItem or clipboard.write', async () => {
    expect(await copyCanvasImage(canvas(new Blob()), { clipboard: { write: vi.fn() }, ClipboardItem: undefined })).toBe('unsupported');
    expect(await copyCanvasImage(canvas(new Blob()), { clipboard: undefined, ClipboardItem: FakeItem as never })).toBe('unsupported');
  });

  it('writes one PNG item', async () => {
    const write = vi.fn().mockResolvedValue(undefined);
    expect(await copyCanvasImage(canvas(new Blob(['x'], { type: 'image/png' })), { clipboard: { write }, ClipboardItem: FakeItem as never })).toBe('copied');
    const [items] = write.mock.calls[0]!;
    expect(Object.keys((items as FakeItem[])[0]!.items)).toEqual(['image/png']);
  });

  it('fails when the browser refuses or the canvas cannot be encoded', async () => {
    const refuse = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    expect(await copyCanvasImage(canvas(new Blob()), { clipboard: { write: refuse }, ClipboardItem: FakeItem as never })).toBe('failed');
    const awaitBlob = vi.fn(async (items: ClipboardItems) => {
      await (items[0] as unknown as FakeItem).items['image/png'];
    });
    expect(await copyCanvasImage(canvas(null), { clipboard: { write: awaitBlob }, ClipboardItem: FakeItem as never })).toBe('failed');
  });
});
