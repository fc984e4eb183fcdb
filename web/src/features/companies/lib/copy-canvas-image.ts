export type TCopyResult = 'copied' | 'unsupported' | 'failed';

interface TClipboardEnv {
  clipboard: Pick<Clipboard, 'write'> | undefined;
  ClipboardItem: typeof ClipboardItem | undefined;
}

/** The browser's clipboard, looked up at call time (older browsers and plain-http pages have no ClipboardItem). */
export function browserClipboard(): TClipboardEnv {
  return {
    clipboard: typeof navigator !== 'undefined' && typeof navigator.clipboard?.write === 'function' ? navigator.clipboard : undefined,
    ClipboardItem: typeof ClipboardItem === 'undefined' ? undefined : ClipboardItem,
  };
}

/**
 * Copies a canvas as a PNG image (browsers accept image/png on the clipboard, not JPEG). The blob is handed over
 * as a promise so Safari keeps the user gesture while it is encoded.
 */
export async function copyCanvasImage(canvas: Pick<HTMLCanvasElement, 'toBlob'>, env: TClipboardEnv = browserClipboard()): Promise<TCopyResult> {
  if (!env.clipboard || !env.ClipboardItem) return 'unsupported';
  const blob = new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'));
  try {
    await env.clipboard.write([new env.ClipboardItem({ 'image/png': blob })]);
    return 'copied';
  } catch {
    return 'failed';
  }
}
