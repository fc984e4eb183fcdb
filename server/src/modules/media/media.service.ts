import type { Readable } from 'node:stream';
import { ACCEPTED_ATTACHMENT_TYPES, MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import type { TConfig } from '../../config';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { isRasterImageMimeType, sniffMimeType, SNIFF_ZIP_TAIL_BYTES, ZIP_MIME_TYPE } from '../../lib/sniff-mime';
import {
  commitStagedFile,
  deleteStoredFile,
  discardStagedFile,
  FileTooLargeError,
  readStagedTail,
  stageBuffer,
  stageStream,
  writeStoredBuffer,
  type TStagedFile,
} from '../../lib/storage';
import * as repo from './media.repository';
import type { TMediaRow } from './media.schema';

/** Entities an upload may be attached to (spec part 2 §3 "Media upload"). */
export const MEDIA_ENTITY_NAMES = ['RepairOrder', 'User', 'Company', 'Offer', 'Interest', 'Questionnaire', 'RepairOrderLine'] as const;
export type TMediaEntityName = (typeof MEDIA_ENTITY_NAMES)[number];
export const COMPANY_IMAGE_FIELDS = ['heroMobile', 'logoMobile'] as const;
export type TCompanyImageField = (typeof COMPANY_IMAGE_FIELDS)[number];

/** Settings uploads must be under 5,000,000 bytes (spec part 2 §5), so the largest allowed size is one less. */
export const COMPANY_IMAGE_MAX_BYTES = 4_999_999;
export const COMPANY_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export const THUMBNAIL_SIZE = 320;
/** Larger images get no thumbnail: decoding them would cost hundreds of MB (decompression bombs). */
const THUMBNAIL_MAX_INPUT_PIXELS = 50_000_000;

export interface TMediaEntity {
  name: TMediaEntityName;
  id: number;
  field?: TCompanyImageField | null;
}

export interface TMediaFile {
  /** The uploader's file name: kept for display only, never used on disk. */
  filename: string;
  /** The declared type (stored as originalMimeType); the stored mimeType is sniffed from the bytes. */
  mimetype: string;
  stream: Readable;
}

/** What an upload must satisfy; `acceptedTypes: 'any'` is for media fetched from providers (inbound MMS). */
export interface TMediaRules {
  maxBytes: number;
  acceptedTypes: readonly string[] | 'any';
  /** Generic uploads answer 413 err_total_attachment_size; settings images answer 422 file_size_too_big. */
  tooLarge: 'payload_too_large' | 'file_size_too_big';
}

/** A file written to a temp location and sniffed, not yet a media object. */
export interface TStagedMedia {
  staged: TStagedFile;
  filename: string;
  originalMimeType: string;
  mimeType: string;
}

/** The rules for an upload: company hero/logo images are JPEG/PNG under 5 MB; everything else the attachment rules. */
export function uploadRulesFor(opts: { entity?: TMediaEntity | null }): TMediaRules {
  if (opts.entity?.name === 'Company' && opts.entity.field)
    return { maxBytes: COMPANY_IMAGE_MAX_BYTES, acceptedTypes: COMPANY_IMAGE_TYPES, tooLarge: 'file_size_too_big' };
  return { maxBytes: MAX_TOTAL_ATTACHMENT_BYTES, acceptedTypes: ACCEPTED_ATTACHMENT_TYPES, tooLarge: 'payload_too_large' };
}

/** Display names are free text but must stay printable and bounded (they are echoed in headers and UIs). */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return base || 'file';
}

function cleanMimeType(value: string): string {
  const v = value.trim().toLowerCase().slice(0, 255);
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+/.test(v) ? v.split(';')[0]!.trim() : 'application/octet-stream';
}

function tooLargeError(opts: { kind: TMediaRules['tooLarge']; filename: string }): AppError {
  if (opts.kind === 'file_size_too_big')
    return validationError([{ propertyPath: 'file', message: `${opts.filename}: file_size_too_big`, code: 'file_size_too_big' }]);
  return new AppError('payload_too_large', 'err_total_attachment_size');
}

/** Multipart parsers have their own size cut-off; it means the same thing as ours. */
function isTooLarge(err: unknown): boolean {
  return err instanceof FileTooLargeError || (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

async function sniffStaged(staged: TStagedFile): Promise<string> {
  let mimeType = sniffMimeType({ head: staged.head });
  // Office documents are zips; the member list (central directory) is at the end of the file.
  if (mimeType === ZIP_MIME_TYPE) mimeType = sniffMimeType({ head: staged.head, tail: await readStagedTail({ staged, bytes: SNIFF_ZIP_TAIL_BYTES }) });
  return mimeType;
}

/**
 * Streams a file to a temp location (aborting past `maxBytes`) and sniffs its real type. Call
 * `storeStagedMedia` or `discardStagedMedia` afterwards. Used directly by multipart routes that only know the
 * rules once every form field has arrived (fields may follow the file).
 */
export async function stageMedia(opts: { config: Pick<TConfig, 'storageDir'>; file: TMediaFile; maxBytes: number; tooLarge?: TMediaRules['tooLarge'] }): Promise<TStagedMedia> {
  const filename = cleanFileName(opts.file.filename);
  let staged: TStagedFile;
  try {
    staged = await stageStream({ config: opts.config, stream: opts.file.stream, maxBytes: opts.maxBytes });
  } catch (err) {
    if (isTooLarge(err)) throw tooLargeError({ kind: opts.tooLarge ?? 'payload_too_large', filename });
    throw err;
  }
  try {
    return { staged, filename, originalMimeType: cleanMimeType(opts.file.mimetype), mimeType: await sniffStaged(staged) };
  } catch (err) {
    await discardStagedFile({ staged });
    throw err;
  }
}

export async function discardStagedMedia(opts: { media: TStagedMedia }): Promise<void> {
  await discardStagedFile({ staged: opts.media.staged });
}

function describeAccepted(types: readonly string[]): string {
  if (types.length <= 2 && types.every((t) => t.startsWith('image/'))) return 'Only JPEG or PNG images are accepted.';
  return 'Accepted files are images (JPEG, PNG, GIF, WebP), PDF, Word documents, MP4/QuickTime video and audio.';
}

function assertRules(opts: { media: TStagedMedia; rules: TMediaRules }): void {
  const { media, rules } = opts;
  if (media.staged.size === 0)
    throw validationError([{ propertyPath: 'file', message: `${media.filename}: the file is empty.`, code: 'file_empty' }]);
  if (media.staged.size > rules.maxBytes) throw tooLargeError({ kind: rules.tooLarge, filename: media.filename });
  if (rules.acceptedTypes !== 'any' && !rules.acceptedTypes.includes(media.mimeType))
    throw validationError([
      {
        propertyPath: 'file',
        message: `${media.filename}: this type of file (${media.mimeType}) is not accepted. ${describeAccepted(rules.acceptedTypes)}`,
        code: 'file_type_not_accepted',
      },
    ]);
}

/** A 320 px JPEG preview; null when the image cannot be decoded (the original is still kept) or sharp is absent. */
async function createThumbnail(opts: { file: string }): Promise<Buffer | null> {
  try {
    // Loaded lazily: a platform without sharp's prebuilt binary still runs, just without thumbnails.
    const { default: sharp } = await import('sharp');
    return await sharp(opts.file, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Checks a staged file against the rules, moves it into the company's storage with a thumbnail for images, and
 * inserts the media object. The temp file is always consumed: on any refusal or failure nothing stays on disk.
 */
export async function storeStagedMedia(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  companyId: number;
  userId: number | null;
  media: TStagedMedia;
  entity?: TMediaEntity | null;
  rules?: TMediaRules;
}): Promise<TMediaRow> {
  const { deps, companyId, media } = opts;
  const config = deps.config;
  const rules = opts.rules ?? uploadRulesFor({ entity: opts.entity });
  const written: string[] = [];
  try {
    assertRules({ media, rules });
    const thumbnail = isRasterImageMimeType(media.mimeType) ? await createThumbnail({ file: media.staged.tempPath }) : null;
    const storageKey = await commitStagedFile({ config, staged: media.staged, companyId, mimeType: media.mimeType });
    written.push(storageKey);
    const thumbnailKey = thumbnail ? await writeStoredBuffer({ config, companyId, mimeType: 'image/jpeg', buffer: thumbnail }) : null;
    if (thumbnailKey) written.push(thumbnailKey);
    return await runInScope(deps.db, { companyId }, (tx) =>
      repo.insertMedia(tx, {
        companyId,
        storageKey,
        thumbnailKey,
        mimeType: media.mimeType,
        originalMimeType: media.originalMimeType,
        originalFileName: media.filename,
        size: media.staged.size,
        entityName: opts.entity?.name ?? null,
        entityId: opts.entity?.id ?? null,
        entityField: opts.entity?.field ?? null,
        createdBy: opts.userId,
      }),
    );
  } catch (err) {
    await discardStagedFile({ staged: media.staged });
    await Promise.all(written.map((key) => deleteStoredFile({ config, key })));
    throw err;
  }
}

/**
 * Saves an uploaded stream as a media object of `companyId`: streams to storage (413 err_total_attachment_size
 * past `maxBytes`), sniffs the real type (422 naming the file when not accepted), thumbnails images, inserts the row.
 */
export async function saveMedia(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  companyId: number;
  userId: number | null;
  file: TMediaFile;
  entity?: TMediaEntity | null;
  maxBytes?: number;
  acceptedTypes?: readonly string[] | 'any';
}): Promise<TMediaRow> {
  const base = uploadRulesFor({ entity: opts.entity });
  const rules: TMediaRules = { ...base, maxBytes: opts.maxBytes ?? base.maxBytes, acceptedTypes: opts.acceptedTypes ?? base.acceptedTypes };
  const media = await stageMedia({ config: opts.deps.config, file: opts.file, maxBytes: rules.maxBytes, tooLarge: rules.tooLarge });
  return storeStagedMedia({ deps: opts.deps, companyId: opts.companyId, userId: opts.userId, media, entity: opts.entity, rules });
}

/** Same as saveMedia for bytes already in memory (media fetched from a provider's URL). */
export async function saveMediaFromBuffer(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  companyId: number;
  userId: number | null;
  file: { filename: string; mimetype: string; buffer: Buffer };
  entity?: TMediaEntity | null;
  maxBytes?: number;
  acceptedTypes?: readonly string[] | 'any';
}): Promise<TMediaRow> {
  const base = uploadRulesFor({ entity: opts.entity });
  const rules: TMediaRules = { ...base, maxBytes: opts.maxBytes ?? base.maxBytes, acceptedTypes: opts.acceptedTypes ?? base.acceptedTypes };
  const filename = cleanFileName(opts.file.filename);
  let staged: TStagedFile;
  try {
    staged = await stageBuffer({ config: opts.deps.config, buffer: opts.file.buffer, maxBytes: rules.maxBytes });
  } catch (err) {
    if (isTooLarge(err)) throw tooLargeError({ kind: rules.tooLarge, filename });
    throw err;
  }
  let mimeType: string;
  try {
    mimeType = await sniffStaged(staged);
  } catch (err) {
    await discardStagedFile({ staged });
    throw err;
  }
  const media: TStagedMedia = { staged, filename, originalMimeType: cleanMimeType(opts.file.mimetype), mimeType };
  return storeStagedMedia({ deps: opts.deps, companyId: opts.companyId, userId: opts.userId, media, entity: opts.entity, rules });
}

/**
 * The company a request's media calls act on: the actor's own; a super admin (no company) names it with
 * `?company=` or gets 400. Naming another company than one's own looks like a missing one (404).
 */
export function resolveMediaCompanyId(opts: { ctx: TRequestContext; requested?: number }): number {
  const a = opts.ctx.actor;
  if (a.isSuperAdmin) {
    const id = opts.requested ?? a.companyId ?? undefined;
    if (id === undefined) throw new AppError('bad_request', 'error.no_selected_company');
    return id;
  }
  if (a.companyId === null) throw new AppError('forbidden', 'Only users of a company may manage its files.');
  if (opts.requested !== undefined && opts.requested !== a.companyId) throw new AppError('not_found', 'Company not found.');
  return a.companyId;
}

/** Checks the entity an upload names: a company upload must name the company it is stored in. */
export function assertMediaEntity(opts: { companyId: number; entity: TMediaEntity | null }): void {
  const e = opts.entity;
  if (!e) return;
  if (e.name === 'Company' && e.id !== opts.companyId) throw new AppError('not_found', 'Company not found.');
}

export async function getMedia(opts: { deps: Pick<TAppDeps, 'db'>; companyId: number; id: number }): Promise<TMediaRow> {
  const row = await runInScope(opts.deps.db, { companyId: opts.companyId }, (tx) => repo.findMedia(tx, opts));
  if (!row) throw new AppError('not_found', 'Media object not found.');
  return row;
}

/** Deletes the row (attachments referencing it cascade), then its files once the delete has committed. */
export async function deleteMedia(opts: { deps: Pick<TAppDeps, 'config' | 'db'>; companyId: number; id: number }): Promise<TMediaRow> {
  const row = await runInScope(opts.deps.db, { companyId: opts.companyId }, (tx) =>
    repo.deleteMediaRow(tx, { companyId: opts.companyId, id: opts.id }),
  );
  if (!row) throw new AppError('not_found', 'Media object not found.');
  const config = opts.deps.config;
  await Promise.all([row.storageKey, row.thumbnailKey].filter((k): k is string => !!k).map((key) => deleteStoredFile({ config, key })));
  return row;
}
