import type { TChannel, TCustomer } from '@cd/contracts/customer';

/** Form model of the details page: plain strings ('' for empty) so inputs stay controlled. */
export interface TCustomerForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  notes: string;
  preferredBrand: string;
  preferredChannel: TChannel | '';
  primaryContact: string;
  alternateContact: string;
  tags: string[];
  /** Owner IRI or ''. */
  user: string;
}

export const ADDRESS_FIELDS = ['street', 'city', 'state', 'zip', 'country'] as const;
const NULLABLE_TEXT = ['email', 'notes', 'preferredBrand', 'primaryContact', 'alternateContact'] as const;

export function customerToForm(c: TCustomer): TCustomerForm {
  const a = c.address ?? {};
  return {
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
    address: {
      street: a.street ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      zip: a.zip ?? '',
      country: a.country ?? '',
    },
    notes: c.notes ?? '',
    preferredBrand: c.preferredBrand ?? '',
    preferredChannel: c.preferredChannel ?? '',
    primaryContact: c.primaryContact ?? '',
    alternateContact: c.alternateContact ?? '',
    tags: [...(c.tags ?? [])],
    user: c.user ?? '',
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * Merge-patch with only the changed fields (compared after trimming); empty optional values become null.
 * Address changes are sent as a partial address object. Returns {} when nothing changed.
 */
export function buildCustomerPatch(original: TCustomerForm, values: TCustomerForm): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const text = (v: string) => v.trim();
  if (text(values.firstName) !== text(original.firstName)) patch.firstName = text(values.firstName);
  if (text(values.lastName) !== text(original.lastName)) patch.lastName = text(values.lastName);
  if (text(values.phone) !== text(original.phone)) patch.phone = text(values.phone);
  for (const k of NULLABLE_TEXT) {
    // Notes keep their inner whitespace; only "all blank" counts as empty.
    const next = k === 'notes' ? values[k] : text(values[k]);
    const prev = k === 'notes' ? original[k] : text(original[k]);
    if (next.trim() === prev.trim() && (k !== 'notes' || next === prev)) continue;
    patch[k] = next.trim() === '' ? null : next;
  }
  const address: Record<string, string | null> = {};
  for (const k of ADDRESS_FIELDS) {
    const next = text(values.address[k]);
    if (next !== text(original.address[k])) address[k] = next === '' ? null : next;
  }
  if (Object.keys(address).length) patch.address = address;
  if (values.preferredChannel !== original.preferredChannel) patch.preferredChannel = values.preferredChannel || null;
  const tags = [...new Set(values.tags.map((t) => t.trim()).filter(Boolean))];
  if (!sameTags(tags, original.tags)) patch.tags = tags;
  if (values.user !== original.user) patch.user = values.user || null;
  return patch;
}
