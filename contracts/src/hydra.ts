/** Hydra collection as served by the API (API-Platform 4 style, ARCHITECTURE §4). */
export interface THydraView {
  '@id': string;
  '@type': 'PartialCollectionView';
  first?: string;
  last?: string;
  next?: string;
  previous?: string;
}

export interface THydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'Collection';
  member: T[];
  /** Absent on later keyset pages, and on a first page whose count passed the cap (then `totalItemsAtLeast`). */
  totalItems?: number;
  /** The list holds more than this many rows; `exactTotal=true` asks for the full count. */
  totalItemsAtLeast?: number;
  view?: THydraView;
}

export interface TProblem {
  type?: string;
  title: string;
  detail: string;
  description: string;
  status: number;
  violations?: { propertyPath: string; message: string; code?: string }[];
}

/** Reads `page` from a hydra view link such as `/api/users?page=3`. */
export function pageFromLink(link: string | undefined): number | null {
  if (!link) return null;
  const q = link.split('?')[1];
  if (!q) return 1;
  const p = new URLSearchParams(q).get('page');
  return p ? Number(p) : 1;
}
