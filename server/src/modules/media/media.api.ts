/** What other modules may use of media; the repository itself stays private to this module. */
export { findMedia, findMediaRows, findMediaRowsByRefs, listEntityMedia, listLinkedMedia, setEntityMedia } from './media.repository';
export type { TMediaRow } from './media.schema';
export { presentMedia, signedMediaUrl } from './media.presenter';
export { discardAttachments, readMultipartAttachments } from './read-multipart-attachments';
