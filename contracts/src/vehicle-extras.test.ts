import { describe, expect, it } from 'vitest';
import { ZCustomerSchema } from './customer';
import { ZRepairOrderLineCreateSchema } from './repair-order-line';
import { ZVehicleRecallsSchema, ZVehicleRecommendationSchema } from './vehicle-extras';

describe('vehicle extras', () => {
  it('reads a recall answer, available or not', () => {
    expect(ZVehicleRecallsSchema.parse({ available: false, reason: 'timeout' })).toEqual({ available: false, reason: 'timeout' });
    const ok = {
      available: true,
      checkedAt: '2026-01-01T00:00:00.000Z',
      recalls: [{ campaignNumber: '12V1', component: null, summary: null, consequence: null, remedy: null, reportedAt: null }],
    };
    expect(ZVehicleRecallsSchema.parse(ok)).toEqual(ok);
    expect(ZVehicleRecallsSchema.safeParse({ available: false, reason: 'nope' }).success).toBe(false);
  });

  it('a recommendation has its statuses; a line may take one up by id or IRI', () => {
    const rec = {
      '@id': '/api/vehicle_recommendations/1',
      '@type': 'VehicleRecommendation',
      id: 1,
      vehicle: '/api/vehicles/2',
      description: 'Pads',
      price: 100,
      status: 'open',
      sourceRepairOrder: null,
      addedLine: null,
      resolvedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(ZVehicleRecommendationSchema.parse(rec)).toEqual(rec);
    expect(ZVehicleRecommendationSchema.safeParse({ ...rec, status: 'gone' }).success).toBe(false);
    const line = { repairOrder: 1, description: 'Pads', price: 100 };
    expect(ZRepairOrderLineCreateSchema.parse({ ...line, fromRecommendation: '/api/vehicle_recommendations/7' }).fromRecommendation).toBe(7);
    expect(ZRepairOrderLineCreateSchema.safeParse({ ...line, fromRecommendation: '/api/vehicles/7' }).success).toBe(false);
  });

  it('the customer resource carries order summaries (or null)', () => {
    const summary = ZCustomerSchema.shape.lastOpenRepairOrder;
    expect(summary.parse(null)).toBeNull();
    const s = {
      '@id': '/api/repair_orders/1',
      id: 1,
      number: 'A1',
      title: 'T',
      status: 'new',
      openedAt: '2026-01-01T00:00:00.000Z',
      promisedAt: null,
      closedAt: null,
      vehicleReadySentAt: null,
      survey: null,
    };
    expect(summary.parse(s)).toEqual(s);
  });
});
