import dayjs from 'dayjs';
import { dollarsToCents } from '@cd/contracts/money';
import { REPAIR_ORDER_NUMBER_MAX, REPAIR_ORDER_PRICE_MAX_CENTS, REPAIR_ORDER_TITLE_MAX, type TRepairOrderCreate } from '@cd/contracts/repair-order';

/** The "new repair order" dialog as typed: text fields, price in dollars, a datetime-local value, ids as strings. */
export interface TOrderForm {
  number: string;
  title: string;
  price: string;
  vehicleId: string;
  advisorId: string;
  /** `YYYY-MM-DDTHH:mm` in the user's time zone, '' for none. */
  promisedAt: string;
}

export const EMPTY_ORDER_FORM: TOrderForm = { number: '', title: '', price: '', vehicleId: '', advisorId: '', promisedAt: '' };

export type TOrderFormErrors = Partial<Record<keyof TOrderForm, string>>;

/** Validates the dialog and builds the POST body; errors are catalogue keys per field. */
export function buildOrderCreate(options: {
  form: TOrderForm;
  customerId: number;
  now?: Date;
}): { ok: true; body: TRepairOrderCreate } | { ok: false; errors: TOrderFormErrors } {
  const { form, customerId } = options;
  const errors: TOrderFormErrors = {};
  const number = form.number.trim();
  const title = form.title.trim();
  if (!number) errors.number = 'number_is_required';
  else if (number.length > REPAIR_ORDER_NUMBER_MAX) errors.number = 'number_is_too_long';
  if (!title) errors.title = 'title_is_required';
  else if (title.length > REPAIR_ORDER_TITLE_MAX) errors.title = 'title_is_too_long';
  const price = form.price.trim() === '' ? null : dollarsToCents(form.price);
  if (form.price.trim() === '') errors.price = 'price_is_required';
  else if (price === null) errors.price = 'price_is_not_valid';
  else if (price > REPAIR_ORDER_PRICE_MAX_CENTS) errors.price = 'price_is_too_high';
  let promisedAt: string | null = null;
  if (form.promisedAt) {
    const d = dayjs(form.promisedAt);
    if (!d.isValid()) errors.promisedAt = 'promised_time_is_not_valid';
    else if (d.toDate().getTime() < (options.now ?? new Date()).getTime() - 60_000) errors.promisedAt = 'promised_time_before_opening';
    else promisedAt = d.toDate().toISOString();
  }
  if (Object.keys(errors).length > 0 || price === null) return { ok: false, errors };
  const body: TRepairOrderCreate = { customer: customerId, number, title, price, status: 'new' };
  if (form.vehicleId) body.vehicle = Number(form.vehicleId);
  if (form.advisorId) body.serviceAdvisor = Number(form.advisorId);
  if (promisedAt) body.promisedAt = promisedAt;
  return { ok: true, body };
}
