/**
 * What other modules may use of vehicles (repair orders, the DMS import). Functions ending in `InTx` run in the
 * caller's transaction (scope of the company) and take `emit` to send live events with it.
 */
export {
  createVehicleInTx,
  loadVehicle,
  recordRecommendationInTx,
  takeUpRecommendationInTx,
  updateVehicleInTx,
  vehicleEvent,
  type TEmit,
} from './vehicles.service';
export { findVehicleByDmsKey, findVehicleByVin, findVehiclesByIds, type TVehicleValues, type TVehicleWithOrders } from './vehicles.repository';
export { toVehicleSummary } from './vehicles.presenter';
export type { TVehicleRow } from './vehicles.schema';
