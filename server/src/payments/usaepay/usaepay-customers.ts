/**
 * USAePay customer vault JSON (`GET /api/v2/customers`, protocols/dms-and-payments.md §3.5) → the neutral shapes.
 * Documented (capture): a customer's `key`, `customerid`, `first_name`, `last_name`, `payment_methods[]`, and the list
 * envelope of §3.1 (`total` as text). CONSTRUCTED (not in the doc copy, modelled on the vendor's developer pages):
 * the customer's `email` and `phone`, and a payment method's members — `key` (the reusable token a sale takes as
 * `creditcard.number`, like a saved card's key), `card_type`, `ccnum4last` (a masked number), `expiration` (MMYY),
 * `cardholder`.
 */
import type { TVaultCustomer, TVaultCustomerPage, TVaultPaymentMethod } from '../payment-processor.types';
import { asObject, brandOf, last4Of, text, type TJson } from './usaepay-map';

function mapPaymentMethod(json: TJson): TVaultPaymentMethod | null {
  const token = text(json.key);
  if (!token) return null;
  const card = { type: text(json.card_type) ?? text(json.cardtype), number: text(json.ccnum4last) ?? text(json.cardnumber) };
  const expiration = text(json.expiration);
  return {
    token,
    card: { brand: brandOf(card), last4: last4Of(card) },
    expiration: expiration && /^\d{4}$/.test(expiration) ? expiration : null,
    cardholder: text(json.cardholder),
  };
}

export function mapUsaepayCustomer(json: TJson): TVaultCustomer | null {
  const key = text(json.key);
  if (!key) return null;
  const methods = Array.isArray(json.payment_methods) ? json.payment_methods : [];
  return {
    key,
    customerNumber: text(json.customerid)?.trim() || null,
    firstName: text(json.first_name) ?? '',
    lastName: text(json.last_name) ?? '',
    email: text(json.email)?.trim() || null,
    phone: text(json.phone)?.trim() || null,
    paymentMethods: methods
      .map(asObject)
      .filter((m): m is TJson => m !== null)
      .map(mapPaymentMethod)
      .filter((m): m is TVaultPaymentMethod => m !== null),
  };
}

export function mapUsaepayCustomerList(json: TJson): TVaultCustomerPage {
  const total = Number(text(json.total));
  return {
    customers: (Array.isArray(json.data) ? json.data : [])
      .map(asObject)
      .filter((c): c is TJson => c !== null)
      .map(mapUsaepayCustomer)
      .filter((c): c is TVaultCustomer => c !== null),
    total: Number.isSafeInteger(total) && total >= 0 ? total : null,
  };
}
