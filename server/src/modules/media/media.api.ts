/** What other modules may use of media; the repository itself stays private to this module. */
export { findMedia, findMediaRows, findMediaRowsByRefs, listLinkedMedia } from './media.repository';
