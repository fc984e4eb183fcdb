/** What other modules may use of customers; the repository itself stays private to this module. */
export {
  findCustomer,
  findCustomerByIdentity,
  findCustomerByPhone,
  findCustomersByIds,
  insertConsentEvent,
  insertCustomer,
  isViewingCustomer,
  updateCustomer,
  upsertReadState,
  type TCustomerScope,
} from './customers.repository';
