/**
 * Content-type detection from a file's own bytes. The declared multipart type and the file name are chosen by
 * the uploader, so they decide nothing: what we store and serve is what the magic bytes say.
 * Covers the accepted attachment types plus the dangerous look-alikes (SVG, HTML) we must recognise to refuse.
 */

/** How many leading bytes the sniffer wants (enough for ftyp brands, EBML doc types and text markers). */
export const SNIFF_HEAD_BYTES = 4100;
/** How many trailing bytes of a zip to read: its central directory lists the member names. */
export const SNIFF_ZIP_TAIL_BYTES = 64 * 1024;

export const ZIP_MIME_TYPE = 'application/zip';

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.subarray(start, Math.min(end, buf.length)).toString('latin1');
}

function sniffFtyp(head: Buffer): string | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const major = ascii(head, 8, 12);
  // Compatible brands follow the minor version; they matter when the major brand is generic (isom).
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  const brands = [major];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(head, i, i + 4));
  if (major === 'qt  ') return 'video/quicktime';
  if (['M4A ', 'M4B ', 'M4P ', 'F4A '].includes(major)) return 'audio/mp4';
  if (['heic', 'heix', 'mif1', 'msf1', 'avif'].includes(major)) return major === 'avif' ? 'image/avif' : 'image/heic';
  if (major.startsWith('3g')) return 'video/3gpp';
  if (brands.includes('M4A ')) return 'audio/mp4';
  return 'video/mp4';
}

function sniffEbml(head: Buffer): string | null {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  // DocType element (0x42 0x82) carries "webm" or "matroska" as its value.
  const text = ascii(head, 0, 64);
  if (text.includes('webm')) return 'audio/webm';
  return 'video/x-matroska';
}

function sniffMp3(head: Buffer): boolean {
  if (startsWith(head, [0x49, 0x44, 0x33])) return true; // "ID3" tag
  // MPEG audio frame sync: 11 bits set, layer bits non-zero (layer 00 is ADTS AAC, not MP3).
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0;
}

const HTML_MARKERS = ['<!doctype html', '<html', '<head', '<body', '<script', '<iframe', '<meta', '<title', '<style', '<a ', '<img', '<div', '<br', '<p>', '<h1', '<table', '<form', '<object', '<embed'];

function sniffText(head: Buffer): string | null {
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // UTF-16 text would hide markers between NUL bytes; decode it too so "<svg" cannot slip through that way.
  if (startsWith(head, [0xff, 0xfe])) text = head.subarray(2).toString('utf16le');
  else if (startsWith(head, [0xfe, 0xff])) text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  const lower = text.trimStart().toLowerCase();
  if (/<svg[\s>]/.test(lower) && (lower.startsWith('<') || lower.startsWith('<?xml'))) return 'image/svg+xml';
  if (HTML_MARKERS.some((m) => lower.startsWith(m)) || /<(html|script|body|svg|iframe)[\s>]/.test(lower)) return 'text/html';
  if (lower.startsWith('<?xml')) return 'application/xml';
  // Printable text without NULs is plain text; anything else is opaque binary.
  const sample = head.subarray(0, 1024);
  if (sample.length && !sample.includes(0)) return 'text/plain';
  return null;
}

/** The member-name markers of Office Open XML packages (found in the local headers or the central directory). */
function sniffZip(head: Buffer, tail?: Buffer): string {
  const names = head.toString('latin1') + (tail ? tail.toString('latin1') : '');
  if (names.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (names.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (names.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return ZIP_MIME_TYPE;
}

/**
 * The content type of a file from its first bytes (`head`, ideally SNIFF_HEAD_BYTES long) and, for zip
 * containers, its last bytes (`tail`) where the central directory names the members. Never throws.
 */
export function sniffMimeType(opts: { head: Buffer; tail?: Buffer }): string {
  const { head } = opts;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    if (form === 'AVI ') return 'video/x-msvideo';
  }
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(head, opts.tail);
  const ftyp = head.length >= 12 ? sniffFtyp(head) : null;
  if (ftyp) return ftyp;
  const ebml = sniffEbml(head);
  if (ebml) return ebml;
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(head, 0, 4) === 'fLaC') return 'audio/flac';
  // A UTF-16 byte-order mark looks like an MPEG frame sync; markup behind it must still be caught.
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) {
    const text = sniffText(head);
    if (text === 'image/svg+xml' || text === 'text/html') return text;
  }
  if (sniffMp3(head)) return 'audio/mpeg';
  // "BM" alone is too weak (text can start so); the DIB header that follows has one of a few fixed sizes.
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(head.readUInt32LE(14)))
    return 'image/bmp';
  return sniffText(head) ?? 'application/octet-stream';
}

/** Types a browser may render inline from our origin: raster images, PDF, audio and video. Never SVG or HTML. */
export function isInlineSafeMimeType(mimeType: string): boolean {
  if (mimeType === 'image/svg+xml') return false;
  return /^(image|audio|video)\//.test(mimeType) || mimeType === 'application/pdf';
}

export function isRasterImageMimeType(mimeType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(mimeType);
}
