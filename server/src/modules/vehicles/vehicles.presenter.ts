import type { TVehicle, TVehicleSummary } from '@cd/contracts/vehicle';
import type { TVehicleRecommendation } from '@cd/contracts/vehicle-extras';
import { iri } from '../../lib/hydra';
import type { TVehicleRecommendationRow } from './vehicle-extras.schema';
import type { TVehicleWithOrders } from './vehicles.repository';
import type { TVehicleRow } from './vehicles.schema';

export function toVehicleResource(row: TVehicleWithOrders): TVehicle {
  return {
    '@id': iri('vehicles', row.id),
    '@type': 'Vehicle',
    id: row.id,
    customer: iri('customers', row.customerId),
    make: row.make,
    model: row.model,
    year: row.year,
    mileage: row.mileage,
    vin: row.vin,
    registration: row.registration,
    serialNumber: row.serialNumber,
    openRepairOrders: row.openRepairOrders,
    appraisalMessageSentAt: row.appraisalMessageSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVehicleSummary(row: TVehicleRow): TVehicleSummary {
  return { '@id': iri('vehicles', row.id), id: row.id, make: row.make, model: row.model, year: row.year, vin: row.vin, registration: row.registration };
}

export function toRecommendationResource(row: TVehicleRecommendationRow): TVehicleRecommendation {
  return {
    '@id': iri('vehicle_recommendations', row.id),
    '@type': 'VehicleRecommendation',
    id: row.id,
    vehicle: iri('vehicles', row.vehicleId),
    description: row.description,
    price: row.priceCents,
    status: row.status,
    sourceRepairOrder: row.sourceOrderId === null ? null : iri('repair_orders', row.sourceOrderId),
    addedLine: row.addedLineId === null ? null : iri('repair_order_lines', row.addedLineId),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
