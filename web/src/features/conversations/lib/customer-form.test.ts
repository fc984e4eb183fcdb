import { describe, expect, it } from 'vitest';
import { ZCustomerPatchSchema, type TCustomer } from '@cd/contracts/customer';
import { buildCustomerPatch, customerToForm } from './customer-form';

const c = {
  id: 1, firstName: 'Ana', lastName: 'Kovač', phone: '+15551234567', email: null, address: { city: 'Austin' }, notes: null,
  preferredBrand: null, preferredChannel: null, primaryContact: null, alternateContact: null, tags: ['vip'], user: '/api/users/2', optOut: false,
} as unknown as TCustomer;

describe('customer merge-patch', () => {
  it('is empty when nothing changed (whitespace only does not count)', () => {
    const f = customerToForm(c);
    expect(buildCustomerPatch(f, { ...f, firstName: ' Ana ' })).toEqual({});
  });

  it('sends only changed fields, blanks as null, partial address', () => {
    const f = customerToForm(c);
    const patch = buildCustomerPatch(f, { ...f, email: 'a@b.co', address: { ...f.address, city: '', zip: '73301' }, tags: ['vip', 'new'], user: '', preferredChannel: 'viber' });
    expect(patch).toEqual({ email: 'a@b.co', address: { city: null, zip: '73301' }, tags: ['vip', 'new'], user: null, preferredChannel: 'viber' });
    expect(ZCustomerPatchSchema.safeParse(patch).success).toBe(true);
  });

  it('produces patches the contract rejects for bad input', () => {
    const f = customerToForm(c);
    const bad = ZCustomerPatchSchema.safeParse(buildCustomerPatch(f, { ...f, phone: '12', email: 'nope' }));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'phone']);
  });
});
