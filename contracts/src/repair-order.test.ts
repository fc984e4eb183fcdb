import { describe, expect, it } from 'vitest';
import {
  REPAIR_ORDER_PANEL_LISTS,
  REPAIR_ORDER_STATUS_LABEL_KEYS,
  REPAIR_ORDER_STATUSES,
  repairOrderPanelListOf,
  repairOrderStateOf,
  ZRepairOrderCreateSchema,
  ZRepairOrderListQuerySchema,
  ZRepairOrderPatchSchema,
  ZRepairOrderSchema,
} from './repair-order';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = { customer: '/api/customers/4', number: ' RO-6000551 ', title: ' Brakes ', price: 12999 };

describe('repair order create', () => {
  it('needs customer, number, title and price; trims; status starts as new', () => {
    expect(ZRepairOrderCreateSchema.parse(valid)).toEqual({ customer: 4, number: 'RO-6000551', title: 'Brakes', price: 12999, status: 'new' });
  });

  it('says what is missing with message keys', () => {
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ customer: 4 }))).toEqual({
      number: 'number_is_required',
      title: 'title_is_required',
      price: 'price_is_required',
    });
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, number: '   ', title: '' }))).toEqual({
      number: 'number_is_required',
      title: 'title_is_required',
    });
  });

  it('refuses a negative or fractional price, a long or control-character number, unknown fields', () => {
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, price: -1 }))).toEqual({ price: 'The price cannot be negative.' });
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, price: 10.5 }).success).toBe(false);
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, price: '100' }).success).toBe(false);
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, price: 0 }).success).toBe(true);
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, number: '1'.repeat(51) }))).toEqual({ number: 'number_is_too_long' });
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, number: 'RO\u00001' }))).toEqual({ number: 'number_is_not_valid' });
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, closedAt: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, company: '/api/companies/2' }).success).toBe(false);
  });

  it('takes advisor, mechanic and vehicle as ids or IRIs of their own type', () => {
    const parsed = ZRepairOrderCreateSchema.parse({ ...valid, serviceAdvisor: '/api/users/7', mechanic: 8, vehicle: '/api/vehicles/3', status: 'in_progress' });
    expect(parsed).toMatchObject({ serviceAdvisor: 7, mechanic: 8, vehicle: 3, status: 'in_progress' });
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, serviceAdvisor: '/api/customers/7' }).success).toBe(false);
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, status: 'closed' }).success).toBe(false);
  });

  it('refuses the same user as advisor and mechanic, and a promise before the opening', () => {
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, serviceAdvisor: 7, mechanic: '/api/users/7' }))).toEqual({
      mechanic: 'A user cannot be both mechanic and advisor.',
    });
    const times = { openedAt: '2026-05-01T10:00:00+02:00', promisedAt: '2026-05-01T07:59:00Z' };
    expect(messagesOf(ZRepairOrderCreateSchema.safeParse({ ...valid, ...times }))).toEqual({ promisedAt: 'promised_time_before_opening' });
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, ...times, promisedAt: '2026-05-01T08:00:00Z' }).success).toBe(true);
    expect(ZRepairOrderCreateSchema.safeParse({ ...valid, promisedAt: 'tomorrow' }).success).toBe(false);
  });
});

describe('repair order patch (merge-patch)', () => {
  it('takes changed fields; null clears optional ones only', () => {
    expect(ZRepairOrderPatchSchema.parse({ status: 'on_hold' })).toEqual({ status: 'on_hold' });
    expect(ZRepairOrderPatchSchema.parse({ promisedAt: null, mechanic: null, vehicle: null })).toEqual({ promisedAt: null, mechanic: null, vehicle: null });
    for (const key of ['number', 'title', 'price', 'status']) expect(ZRepairOrderPatchSchema.safeParse({ [key]: null }).success, key).toBe(false);
  });

  it('never moves an order to another customer nor closes it', () => {
    expect(ZRepairOrderPatchSchema.safeParse({ customer: 5 }).success).toBe(false);
    expect(ZRepairOrderPatchSchema.safeParse({ closedAt: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(ZRepairOrderPatchSchema.safeParse({ vehicleReadySentAt: '2026-01-01T00:00:00Z' }).success).toBe(false);
  });
});

describe('repair order list query', () => {
  it('reads the spec filters', () => {
    expect(
      ZRepairOrderListQuerySchema.parse({ customer: '/api/customers/4', 'exists[closedAt]': 'false', 'exists[survey]': '1', per_page: '10', q: ' 6000 ' }),
    ).toEqual({ customer: 4, 'exists[closedAt]': false, 'exists[survey]': true, per_page: 10, q: '6000' });
    expect(ZRepairOrderListQuerySchema.parse({})).toEqual({});
  });

  it('refuses odd values rather than guessing', () => {
    for (const bad of [
      { 'exists[closedAt]': 'yes' },
      { 'exists[closedAt]': '' },
      { per_page: '0' },
      { per_page: '51' },
      { per_page: '1e1' },
      { customer: '/api/users/4' },
      { q: 'x'.repeat(101) },
      { q: 'a\u0000b' },
      { status: 'done' },
    ])
      expect(ZRepairOrderListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('the panel lists use those filters, and an order lands in one of them', () => {
    for (const filters of Object.values(REPAIR_ORDER_PANEL_LISTS)) expect(ZRepairOrderListQuerySchema.safeParse(filters).success).toBe(true);
    expect(repairOrderPanelListOf({ closedAt: null, survey: null })).toBe('open');
    expect(repairOrderPanelListOf({ closedAt: '2026-01-01T00:00:00Z', survey: null })).toBe('closedWithoutSurvey');
    expect(repairOrderPanelListOf({ closedAt: '2026-01-01T00:00:00Z', survey: '/api/surveys/1' })).toBe('closedWithSurvey');
  });
});

describe('repair order states and labels', () => {
  it('open until closedAt is set', () => {
    expect(repairOrderStateOf({ closedAt: null })).toBe('open');
    expect(repairOrderStateOf({ closedAt: new Date() })).toBe('closed');
  });

  it('has a label key per status', () => {
    expect(REPAIR_ORDER_STATUSES.map((s) => REPAIR_ORDER_STATUS_LABEL_KEYS[s])).toEqual([
      'repair_order_status_new',
      'repair_order_status_in_progress',
      'repair_order_status_on_hold',
      'repair_order_status_completed',
    ]);
  });

  it('reads an order as the API answers it', () => {
    const at = '2026-05-01T08:00:00.000Z';
    const order = {
      '@id': '/api/repair_orders/1',
      '@type': 'RepairOrder',
      id: 1,
      number: '6000551',
      title: 'Brakes',
      description: null,
      price: 12999,
      type: null,
      status: 'new',
      state: 'open',
      customer: '/api/customers/4',
      vehicle: { '@id': '/api/vehicles/3', id: 3, make: 'Honda', model: 'Accord', year: 2003, vin: '1HGCM82633A004352', registration: null },
      serviceAdvisor: { '@id': '/api/users/7', id: 7, name: 'Ada Advisor' },
      mechanic: null,
      openedAt: at,
      promisedAt: null,
      closedAt: null,
      vehicleReadySentAt: null,
      surveyRequestedAt: null,
      survey: null,
      repairOrderLines: [
        {
          '@id': '/api/repair_order_lines/9',
          '@type': 'RepairOrderLine',
          id: 9,
          repairOrder: '/api/repair_orders/1',
          description: 'Front pads',
          price: 8999,
          status: 'pending',
          files: [],
          decidedAt: null,
          decidedBy: null,
          dmsPushedAt: null,
          createdAt: at,
          updatedAt: at,
        },
      ],
      paymentRequests: [],
      dmsSyncedAt: null,
      dmsVendor: null,
      dmsKey: null,
      dmsPendingPushes: 0,
      dmsLastError: null,
      createdAt: at,
      updatedAt: at,
    };
    expect(ZRepairOrderSchema.parse(order)).toEqual(order);
  });
});
