import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AUTOMATED_MESSAGE_KIND_NAMES, AUTOMATED_MESSAGE_STATE_INFO } from '@cd/contracts/automated-message';
import { CUSTOMER_LINK_PURPOSES, CUSTOMER_LINK_STATES } from '@cd/contracts/customer-link';
import {
  REPAIR_ORDER_LINES_NOT_CLOSED,
  REPAIR_ORDER_STATE_LABEL_KEYS,
  REPAIR_ORDER_STATUS_LABEL_KEYS,
  SURVEY_NOT_CONFIGURED,
} from '@cd/contracts/repair-order';
import { REPAIR_ORDER_LINE_STATUS_LABEL_KEYS } from '@cd/contracts/repair-order-line';
import { VEHICLE_HAS_OPEN_ORDERS } from '@cd/contracts/vehicle';
import en from '../../../locales/en/translation.json';
import { ApiError } from '../../../lib/api-client';
import { repairOrderKeys } from '../api/query-keys';
import { actionErrorMessage, vehicleDeleteErrorMessage, violationsByField } from './action-messages';
import { automatedKindLabelKey, linkPurposeLabelKey, linkStateLabelKey } from './labels';
import { handleRepairOrdersLiveEvent, liveKeysOf } from './live';
import { buildOrderCreate, EMPTY_ORDER_FORM } from './order-form';
import { checkVehicleForm, EMPTY_VEHICLE_FORM, vehiclePatchOf } from './vehicle-form';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TVehicle } from '@cd/contracts/vehicle';

const catalogue = en as Record<string, string>;
const VALID_VIN = '1HGCM82633A004352';

describe('repair order catalogue keys', () => {
  it('name every status, state, line status, automated kind and state, link purpose and state', () => {
    const keys = [
      ...Object.values(REPAIR_ORDER_STATUS_LABEL_KEYS),
      ...Object.values(REPAIR_ORDER_STATE_LABEL_KEYS),
      ...Object.values(REPAIR_ORDER_LINE_STATUS_LABEL_KEYS),
      ...Object.values(AUTOMATED_MESSAGE_STATE_INFO).map((i) => i.reasonKey),
      ...AUTOMATED_MESSAGE_KIND_NAMES.map(automatedKindLabelKey),
      ...Object.keys(AUTOMATED_MESSAGE_STATE_INFO).map((state) => `automated_message_state_${state}`),
      ...['customer', 'staff', 'dms'].map((by) => `line_decided_by_${by}`),
      'repair_order_closed_toast',
      'vehicle_ready_sent_toast',
      'approval_request_sent_toast',
      'survey_sent_toast',
      ...CUSTOMER_LINK_PURPOSES.map(linkPurposeLabelKey),
      ...CUSTOMER_LINK_STATES.map(linkStateLabelKey),
      REPAIR_ORDER_LINES_NOT_CLOSED,
      SURVEY_NOT_CONFIGURED,
      VEHICLE_HAS_OPEN_ORDERS,
      'link_not_found',
      'link_expired',
    ];
    expect(keys.filter((k) => !(k in catalogue))).toEqual([]);
  });
});

describe('buildOrderCreate', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('requires number, title and price, and converts dollars to cents', () => {
    expect(buildOrderCreate({ form: EMPTY_ORDER_FORM, customerId: 3, now })).toEqual({
      ok: false,
      errors: { number: 'number_is_required', title: 'title_is_required', price: 'price_is_required' },
    });
    const r = buildOrderCreate({
      form: { ...EMPTY_ORDER_FORM, number: ' RO-1 ', title: 'Brakes', price: '$1,234.56', vehicleId: '7', advisorId: '9' },
      customerId: 3,
      now,
    });
    expect(r).toEqual({ ok: true, body: { customer: 3, number: 'RO-1', title: 'Brakes', price: 123456, status: 'new', vehicle: 7, serviceAdvisor: 9 } });
  });
  it('refuses a bad price and a promised time in the past', () => {
    const r = buildOrderCreate({ form: { ...EMPTY_ORDER_FORM, number: '1', title: 't', price: '-3', promisedAt: '2020-01-01T10:00' }, customerId: 3, now });
    expect(r).toEqual({ ok: false, errors: { price: 'price_is_not_valid', promisedAt: 'promised_time_before_opening' } });
  });
  it('sends the promised time as an ISO instant', () => {
    const r = buildOrderCreate({ form: { ...EMPTY_ORDER_FORM, number: '1', title: 't', price: '0', promisedAt: '2027-01-01T10:00' }, customerId: 3, now });
    expect(r.ok && r.body.promisedAt).toBe(new Date(2027, 0, 1, 10, 0).toISOString());
  });
});

describe('checkVehicleForm', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('checks the VIN check digit, year and mileage', () => {
    const { errors } = checkVehicleForm({ ...EMPTY_VEHICLE_FORM, make: 'Honda', model: 'Accord', year: '1850', mileage: '12a', vin: '1HGCM82633A004353' }, now);
    expect(errors).toEqual({ year: 'year_is_not_valid', mileage: 'mileage_is_not_valid', vin: 'vin_is_not_valid' });
    expect(checkVehicleForm(EMPTY_VEHICLE_FORM, now).errors).toMatchObject({
      make: 'make_is_required',
      vin: 'vin_is_required',
      mileage: 'mileage_is_required',
    });
  });
  it('normalises the VIN and blanks', () => {
    const r = checkVehicleForm(
      { ...EMPTY_VEHICLE_FORM, make: 'Honda', model: 'Accord', year: '2003', mileage: '120,000', vin: ` ${VALID_VIN.toLowerCase()} ` },
      now,
    );
    expect(r.values).toEqual({ make: 'Honda', model: 'Accord', year: 2003, mileage: 120000, vin: VALID_VIN, registration: null, serialNumber: null });
  });
  it('patches only what changed', () => {
    const before = { make: 'Honda', model: 'Accord', year: 2003, mileage: 100, vin: VALID_VIN, registration: null, serialNumber: null } as TVehicle;
    expect(
      vehiclePatchOf(before, { make: 'Honda', model: 'Accord', year: 2003, mileage: 150, vin: VALID_VIN, registration: 'ABC', serialNumber: null }),
    ).toEqual({ mileage: 150, registration: 'ABC' });
  });
});

describe('action messages', () => {
  it('uses the spec words for open lines, unconfigured surveys and vehicles with open orders', () => {
    expect(actionErrorMessage(new ApiError(409, { message: REPAIR_ORDER_LINES_NOT_CLOSED }, 'x'))).toBe(REPAIR_ORDER_LINES_NOT_CLOSED);
    expect(actionErrorMessage(new ApiError(409, { detail: SURVEY_NOT_CONFIGURED }, 'x'))).toBe(SURVEY_NOT_CONFIGURED);
    expect(actionErrorMessage(new ApiError(500, null, 'x'))).toBe('repair_order_action_failed');
    expect(vehicleDeleteErrorMessage(new ApiError(409, { message: 'Close all open orders before deleting a vehicle' }, 'x'))).toBe(VEHICLE_HAS_OPEN_ORDERS);
    expect(violationsByField(new ApiError(422, { violations: [{ propertyPath: 'vin', message: 'vin_already_used' }] }, 'x'))).toEqual({
      vin: 'vin_already_used',
    });
  });
});

describe('live events', () => {
  const event = (entity: string): TLiveEvent => ({ event: 'updated', entity, action: null, data: {}, changes: null, id: '1', extra: null });
  it('maps each entity of the area to its caches and ignores the others', () => {
    expect(liveKeysOf(event('repair_order_line'))).toEqual([repairOrderKeys.all]);
    expect(liveKeysOf(event('automated_message'))).toEqual([repairOrderKeys.automatedMessagesAll, repairOrderKeys.customerLinksAll]);
    expect(liveKeysOf(event('message'))).toEqual([]);
  });
  it('invalidates an open order when a line changes', async () => {
    const qc = new QueryClient();
    qc.setQueryData(repairOrderKeys.detail(5), { id: 5 });
    expect(handleRepairOrdersLiveEvent(qc, event('repair_order_line'))).toBe(true);
    expect(qc.getQueryState(repairOrderKeys.detail(5))?.isInvalidated).toBe(true);
    expect(handleRepairOrdersLiveEvent(qc, event('customer'))).toBe(false);
    await qc.cancelQueries();
  });
});

describe('idOfIri', () => {
  it('reads ids from IRIs and bare numbers', async () => {
    const { idOfIri } = await import('./iri');
    expect(idOfIri('/api/customers/12')).toBe(12);
    expect(idOfIri(7)).toBe(7);
    expect(idOfIri('/api/customers/x')).toBeNull();
    expect(idOfIri(null)).toBeNull();
  });
});
