import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_LINK_ENTITIES,
  CUSTOMER_LINK_PURPOSE_INFO,
  CUSTOMER_LINK_PURPOSES,
  createLinkCode,
  customerLinkExpiry,
  customerLinkStateOf,
  customerLinkUrl,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  ZCustomerLinkListQuerySchema,
  ZLinkCodeSchema,
  ZPublicLinkPageSchema,
} from './customer-link';
import { MODIFIERS } from './message-modifiers';

const brand = { name: 'Best Motors', logoUrl: null, accentColor: '#1a73e8', language: 'en', termsOfService: null };
const vehicle = { make: 'Honda', model: 'Accord', year: 2003 };

describe('link codes', () => {
  it('the alphabet is base58: no 0, O, I or l', () => {
    expect(LINK_CODE_ALPHABET).toHaveLength(58);
    expect(new Set(LINK_CODE_ALPHABET).size).toBe(58);
    for (const c of '0OIl') expect(LINK_CODE_ALPHABET).not.toContain(c);
  });

  it('creates codes the schema reads back, all different', () => {
    const codes = new Set(Array.from({ length: 500 }, () => createLinkCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) {
      expect(code).toHaveLength(LINK_CODE_LENGTH);
      expect(ZLinkCodeSchema.parse(code)).toBe(code);
    }
  });

  it('draws without bias: bytes past the last whole alphabet round are skipped', () => {
    const bytes = [255, 232, 231, 0, 57, 58];
    const code = createLinkCode({ length: 4, randomBytes: (n) => Uint8Array.from({ length: n }, (_, i) => bytes[i % bytes.length]!) });
    // 255 and 232 are skipped; 231 % 58 = 57 → 'z'; 0 → '1'; 57 → 'z'; 58 → '1'
    expect(code).toBe('z1z1');
  });

  it('the schema refuses anything but 10 to 24 base58 characters', () => {
    for (const bad of [
      'abc',
      'AbCdEfGh0J',
      'AbCdEfGhIJ',
      'AbCdEfGhlJ',
      'AbCdEfGh-J',
      'AbCdEfGhJK ',
      'x'.repeat(25),
      '../../etc/passwd',
      '%41bCdEfGhJK',
      '',
      42,
      null,
    ])
      expect(ZLinkCodeSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(ZLinkCodeSchema.safeParse('AbCdEfGhJK').success).toBe(true);
  });

  it('builds the short URL', () => {
    expect(customerLinkUrl({ publicUrl: 'https://desk.example.com/', code: 'AbCdEfGhJKmn' })).toBe('https://desk.example.com/r/AbCdEfGhJKmn');
    expect(customerLinkUrl({ publicUrl: 'http://localhost:3000', code: 'AbCdEfGhJKmn' })).toBe('http://localhost:3000/r/AbCdEfGhJKmn');
  });
});

describe('link purposes and lifetimes', () => {
  it('each purpose fills one URL modifier', () => {
    const urlModifiers = [
      MODIFIERS.statusUrl,
      MODIFIERS.approvalUrl,
      MODIFIERS.vehicleReadyUrl,
      MODIFIERS.surveyUrl,
      MODIFIERS.paymentUrl,
      MODIFIERS.bookingUrl,
      MODIFIERS.questionnaireUrl,
    ];
    expect(CUSTOMER_LINK_PURPOSES.map((p) => CUSTOMER_LINK_PURPOSE_INFO[p].modifier).sort()).toEqual([...urlModifiers].sort());
  });

  it('expires after the purpose lifetime; revoked wins', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(customerLinkExpiry({ purpose: 'approval', now }).toISOString()).toBe('2026-05-08T00:00:00.000Z');
    const expiresAt = customerLinkExpiry({ purpose: 'status', now });
    expect(customerLinkStateOf({ expiresAt, revokedAt: null, now })).toBe('active');
    expect(customerLinkStateOf({ expiresAt, revokedAt: null, now: expiresAt })).toBe('expired');
    expect(customerLinkStateOf({ expiresAt, revokedAt: now, now })).toBe('revoked');
    expect(customerLinkStateOf({ expiresAt: null, revokedAt: null, now: new Date('2100-01-01T00:00:00Z') })).toBe('active');
  });
});

describe('public page answers', () => {
  it('the status page shows the order without prices, VIN or customer data', () => {
    const page = ZPublicLinkPageSchema.parse({
      purpose: 'status',
      company: { ...brand, slug: 'best', ocs: { twilioAuthToken: 'secret' } },
      repairOrder: {
        number: '6000551',
        title: 'Brakes',
        status: 'in_progress',
        state: 'open',
        vehicle: { ...vehicle, vin: '1HGCM82633A004352', registration: 'SA-1' },
        promisedAt: '2026-05-01T15:00:00.000Z',
        closedAt: null,
        lines: [{ description: 'Front pads', status: 'approved', price: 8999, id: 9 }],
        customer: { phone: '+15551234567' },
        price: 12999,
      },
    });
    expect(page).toEqual({
      purpose: 'status',
      company: brand,
      repairOrder: {
        number: '6000551',
        title: 'Brakes',
        status: 'in_progress',
        state: 'open',
        vehicle,
        promisedAt: '2026-05-01T15:00:00.000Z',
        closedAt: null,
        lines: [{ description: 'Front pads', status: 'approved' }],
      },
    });
  });

  it('the approval page lists the asked lines with price and files, and the totals', () => {
    const approval = {
      purpose: 'approval',
      company: brand,
      repairOrder: { number: '6000551', vehicle: null },
      lines: [{ id: 9, description: 'Front pads', price: 8999, status: 'pending', files: [{ url: '/files/s/1', thumbnailUrl: null, mimeType: 'image/jpeg' }] }],
      totals: { pending: 8999, approved: 0, denied: 0 },
      answeredAt: null,
    };
    expect(ZPublicLinkPageSchema.parse(approval)).toEqual(approval);
    // A line the shop rejected is not the customer's to answer: serialising one is a bug, not a page.
    expect(ZPublicLinkPageSchema.safeParse({ ...approval, lines: [{ ...approval.lines[0], status: 'rejected' }] }).success).toBe(false);
  });

  it('the vehicle ready page: where, when and how much', () => {
    const day = { isOffDay: false, intervals: [{ startsAt: '13:00', endsAt: '22:00' }] };
    const ready = {
      purpose: 'vehicle_ready',
      company: brand,
      repairOrder: { number: '6000551', vehicle },
      readyAt: '2026-05-01T14:00:00.000Z',
      pickup: {
        address: '1 Main St',
        phone: '+15551234567',
        timezone: 'America/New_York',
        hours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: { isOffDay: true, intervals: [] } },
      },
      amountDue: 8999,
    };
    expect(ZPublicLinkPageSchema.parse(ready)).toEqual(ready);
  });

  it('refuses a purpose without a page; the payment link names only the company (its page reads /api/public/payments)', () => {
    expect(ZPublicLinkPageSchema.safeParse({ purpose: 'unknown', company: brand }).success).toBe(false);
    expect(ZPublicLinkPageSchema.parse({ purpose: 'payment', company: brand, amountCents: 5 })).toEqual({ purpose: 'payment', company: brand });
  });
});

describe('the staff list query', () => {
  it('knows the entity of every purpose', () => {
    for (const purpose of CUSTOMER_LINK_PURPOSES) expect(CUSTOMER_LINK_ENTITIES as readonly string[]).toContain(CUSTOMER_LINK_PURPOSE_INFO[purpose].entity);
  });

  it('reads an entity and a decimal id, and refuses anything else', () => {
    expect(ZCustomerLinkListQuerySchema.parse({ entity: 'repair_order', entityId: '42' })).toEqual({ entity: 'repair_order', entityId: 42 });
    for (const bad of [{ entity: 'vehicle', entityId: '1' }, { entity: 'repair_order', entityId: '0x10' }, { entity: 'repair_order' }, {}])
      expect(ZCustomerLinkListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
