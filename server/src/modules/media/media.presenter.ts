import type { TMediaObject } from '@cd/contracts/message';
import type { TConfig } from '../../config';
import { iri } from '../../lib/hydra';
import { createSignedStorageUrl } from '../../lib/signed-url';
import type { TMediaRow } from './media.schema';

type TMediaConfig = Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>;

/**
 * A signed URL for the file (or its thumbnail). `absolute` prefixes PUBLIC_URL: SMS/MMS providers fetch media
 * from outside, browsers use the relative form. Null only when a thumbnail is asked for and there is none.
 */
export function signedMediaUrl(opts: {
  config: TMediaConfig;
  row: Pick<TMediaRow, 'storageKey' | 'thumbnailKey'>;
  absolute?: boolean;
  thumbnail?: boolean;
  ttlSeconds?: number;
}): string | null {
  const key = opts.thumbnail ? opts.row.thumbnailKey : opts.row.storageKey;
  if (!key) return null;
  return createSignedStorageUrl({ config: opts.config, key, absolute: opts.absolute, ttlSeconds: opts.ttlSeconds });
}

/** The API shape (spec part 1 §3): URLs are signed and relative, so they work on any host the SPA is served from. */
export function presentMedia(opts: { config: TMediaConfig; row: TMediaRow }): TMediaObject {
  const { config, row } = opts;
  const thumbnailUrl = signedMediaUrl({ config, row, thumbnail: true });
  return {
    '@id': iri('media_objects', row.id),
    '@type': 'MediaObject',
    id: row.id,
    mimeType: row.mimeType,
    size: row.size,
    contentUrl: signedMediaUrl({ config, row })!,
    originalMimeType: row.originalMimeType,
    originalFileName: row.originalFileName,
    thumbnail: thumbnailUrl ? { thumbnailUrl } : null,
  };
}
