/**
 * What other modules may use of customers; the repository itself stays private to this module. Rules about
 * customers (an opt-in, an owner check) are customers.service functions; these are the reads and the bookkeeping
 * writes the conversation code does in its own transaction.
 */
export {
  findCustomer,
  findCustomerByIdentity,
  findCustomersByIds,
  insertConsentEvent,
  insertCustomer,
  isViewingCustomer,
  bumpCustomers,
  lockCustomers,
  updateCustomer,
  upsertReadState,
  upsertReadStates,
  type TCustomerScope,
} from './customers.repository';
export type { TCustomerRow } from './customers.schema';
export { toCustomerResource } from './customers.presenter';
export { findOrCreateCustomerByPhone, recordCustomerOptIn } from './customers-intake.service';
/** The customer's live event (who hears of it: its owner and the company admins), for writes made outside this module. */
export { absorbCustomerInTx, customerEvent } from './customers.service';
