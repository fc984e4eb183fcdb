import { CUSTOMER_MERGE_FIELDS, type TCustomerMergePreview } from '@cd/contracts/customer';
import type { TCustomerRow } from './customers.schema';

type TFieldPreview = TCustomerMergePreview['fields'][number];
type TSource = TFieldPreview['source'];

const blank = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const ADDRESS_PARTS = ['street', 'city', 'state', 'zip', 'country'] as const;
const presentAddressParts = (a: TCustomerRow['address']) => ADDRESS_PARTS.filter((k) => !blank(a[k]));

/**
 * The kept customer's values after merging `duplicate` into it. One rule for the merge and its preview: the kept
 * customer's values win, blanks are filled from the duplicate, tags, notes and address combine, an opt-out on
 * either side stays, and the conversation shows the newer of the two last messages.
 */
export function mergeCustomerValues(kept: TCustomerRow, duplicate: TCustomerRow) {
  const fill = <K extends keyof TCustomerRow>(k: K): TCustomerRow[K] => (blank(kept[k]) ? duplicate[k] : kept[k]);
  const newest = [kept, duplicate].sort((a, b) => (b.bumpedAt?.getTime() ?? 0) - (a.bumpedAt?.getTime() ?? 0))[0]!;
  const lastInbound =
    [kept.lastInboundAt, duplicate.lastInboundAt].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return {
    firstName: fill('firstName'),
    lastName: fill('lastName'),
    // A Viber-only customer merged with a phone customer keeps both ways to reach them.
    phone: fill('phone'),
    viberUserId: fill('viberUserId'),
    timezone: fill('timezone'),
    email: fill('email'),
    notes: [kept.notes, duplicate.notes].filter(Boolean).join('\n\n') || null,
    preferredBrand: fill('preferredBrand'),
    preferredChannel: fill('preferredChannel'),
    primaryContact: fill('primaryContact'),
    alternateContact: fill('alternateContact'),
    address: { ...duplicate.address, ...Object.fromEntries(Object.entries(kept.address).filter(([, v]) => v)) },
    tags: [...new Set([...kept.tags, ...duplicate.tags])],
    userId: kept.userId ?? duplicate.userId,
    optOut: kept.optOut || duplicate.optOut,
    optedOutAt: kept.optOut ? kept.optedOutAt : duplicate.optedOutAt,
    bumpedAt: newest.bumpedAt,
    lastMessage: newest.lastMessage,
    lastInboundAt: lastInbound,
  };
}

function sourceOf(keptGives: boolean, duplicateGives: boolean): TSource {
  if (keptGives && duplicateGives) return 'both';
  if (keptGives) return 'kept';
  return duplicateGives ? 'duplicate' : 'none';
}

/** For the preview: each previewed field's merged value as text, and whose value it is. */
export function mergeFieldPreview(kept: TCustomerRow, duplicate: TCustomerRow): TFieldPreview[] {
  const merged = mergeCustomerValues(kept, duplicate);
  return CUSTOMER_MERGE_FIELDS.map((field): TFieldPreview => {
    switch (field) {
      case 'tags': {
        const added = duplicate.tags.some((tag) => !kept.tags.includes(tag));
        return { field, value: merged.tags.join(', ') || null, source: sourceOf(kept.tags.length > 0, added) };
      }
      case 'notes':
        return { field, value: merged.notes, source: sourceOf(!blank(kept.notes), !blank(duplicate.notes)) };
      case 'address': {
        const own = presentAddressParts(kept.address);
        const added = presentAddressParts(duplicate.address).some((k) => !own.includes(k));
        const text = ADDRESS_PARTS.map((k) => merged.address[k]).filter((v) => !blank(v)).join(', ');
        return { field, value: text || null, source: sourceOf(own.length > 0, added) };
      }
      case 'optOut':
        // "false" is a value too: it is the kept customer's when neither opted out.
        return { field, value: String(merged.optOut), source: kept.optOut || !duplicate.optOut ? sourceOf(true, kept.optOut && duplicate.optOut) : 'duplicate' };
      default: {
        const value = merged[field];
        return { field, value: blank(value) ? null : String(value), source: sourceOf(!blank(kept[field]), blank(kept[field]) && !blank(duplicate[field])) };
      }
    }
  });
}
