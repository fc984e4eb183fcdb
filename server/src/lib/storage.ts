import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TConfig } from '../config';
import { SNIFF_HEAD_BYTES } from './sniff-mime';

/**
 * Local-disk file storage under STORAGE_DIR: `<companyId>/<random>.<ext>`. The name on disk is random and the
 * extension comes from the sniffed content type, never from the uploader's file name, so nothing a user types
 * reaches the file system. Writes land in `.tmp/` first and are renamed into place (same file system, atomic),
 * so a reader never sees half a file and an aborted upload leaves nothing behind in a company folder.
 */

export type TStorageConfig = Pick<TConfig, 'storageDir'>;

const TMP_DIR = '.tmp';
const KEY_PATTERN = /^(\d{1,15})\/([A-Za-z0-9_-]{20,64})\.([a-z0-9]{1,5})$/;

/** Extension per stored content type; serving maps it back, so the URL alone says how to answer. */
const EXTENSION_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/webm': 'weba',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'text/plain': 'txt',
};
const MIME_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSION_BY_MIME).map(([m, e]) => [e, m]));

/** Thrown while staging when the stream passes its byte limit; callers turn it into the right AppError. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

export interface TStagedFile {
  tempPath: string;
  size: number;
  /** The first SNIFF_HEAD_BYTES bytes (fewer for a shorter file), for content sniffing. */
  head: Buffer;
}

export function extensionForMimeType(mimeType: string): string {
  // Anything we have no safe extension for is stored as opaque bytes (served as octet-stream).
  return EXTENSION_BY_MIME[mimeType] ?? 'bin';
}

/** Content type to answer for a stored key; unknown or unsafe kinds are opaque bytes. */
export function mimeTypeForStorageKey(key: string): string {
  const ext = KEY_PATTERN.exec(key)?.[3];
  return (ext && MIME_BY_EXTENSION[ext]) || 'application/octet-stream';
}

/** Absolute path of a key, or null when the key is not one we could have made (no traversal, no odd names). */
export function resolveStoragePath(opts: { config: TStorageConfig; key: string }): string | null {
  if (!KEY_PATTERN.test(opts.key)) return null;
  return path.join(opts.config.storageDir, opts.key);
}

export function companyIdOfStorageKey(key: string): number | null {
  const m = KEY_PATTERN.exec(key);
  return m ? Number(m[1]) : null;
}

function randomName(): string {
  // Hex, not base64url: a name starting with "-" would read as an option to shell tools used by operators.
  return randomBytes(16).toString('hex');
}

async function tempPathFor(config: TStorageConfig): Promise<string> {
  const dir = path.join(config.storageDir, TMP_DIR);
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${randomName()}.part`);
}

/**
 * Streams into a temp file, counting bytes and keeping the first bytes for sniffing. Past `maxBytes` the
 * stream is aborted and the temp file removed (FileTooLargeError). A multipart stream cut by the parser's own
 * limit (`truncated`) counts as too large as well.
 */
export async function stageStream(opts: { config: TStorageConfig; stream: Readable; maxBytes: number }): Promise<TStagedFile> {
  const tempPath = await tempPathFor(opts.config);
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > opts.maxBytes) {
        callback(new FileTooLargeError());
        return;
      }
      if (headLength < SNIFF_HEAD_BYTES) {
        const part = chunk.subarray(0, SNIFF_HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(part));
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(opts.stream, counter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
    if ((opts.stream as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError();
  } catch (err) {
    await rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, size, head: Buffer.concat(headChunks) };
}

export async function stageBuffer(opts: { config: TStorageConfig; buffer: Buffer; maxBytes: number }): Promise<TStagedFile> {
  if (opts.buffer.length > opts.maxBytes) throw new FileTooLargeError();
  const tempPath = await tempPathFor(opts.config);
  await writeFile(tempPath, opts.buffer, { flag: 'wx', mode: 0o600 });
  return { tempPath, size: opts.buffer.length, head: Buffer.from(opts.buffer.subarray(0, SNIFF_HEAD_BYTES)) };
}

/** The last `bytes` bytes of a staged file (a zip's central directory lives there). */
export async function readStagedTail(opts: { staged: TStagedFile; bytes: number }): Promise<Buffer> {
  const length = Math.min(opts.bytes, opts.staged.size);
  const handle = await open(opts.staged.tempPath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, opts.staged.size - length);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Moves a staged file into the company's folder under a fresh random name; returns its storage key. */
export async function commitStagedFile(opts: {
  config: TStorageConfig;
  staged: TStagedFile;
  companyId: number;
  mimeType: string;
}): Promise<string> {
  const key = `${opts.companyId}/${randomName()}.${extensionForMimeType(opts.mimeType)}`;
  await mkdir(path.join(opts.config.storageDir, String(opts.companyId)), { recursive: true });
  await rename(opts.staged.tempPath, path.join(opts.config.storageDir, key));
  return key;
}

export async function discardStagedFile(opts: { staged: TStagedFile }): Promise<void> {
  await rm(opts.staged.tempPath, { force: true });
}

/** Writes a whole buffer (thumbnails) through the same temp-then-rename path. */
export async function writeStoredBuffer(opts: {
  config: TStorageConfig;
  companyId: number;
  mimeType: string;
  buffer: Buffer;
}): Promise<string> {
  const staged = await stageBuffer({ config: opts.config, buffer: opts.buffer, maxBytes: Number.MAX_SAFE_INTEGER });
  return commitStagedFile({ config: opts.config, staged, companyId: opts.companyId, mimeType: opts.mimeType });
}

/** Removes a stored file; a missing file is fine (deletes are retried and must be idempotent). */
export async function deleteStoredFile(opts: { config: TStorageConfig; key: string }): Promise<void> {
  const file = resolveStoragePath(opts);
  if (file) await rm(file, { force: true });
}
