import type { TCompanyService, TCompanyServicePatch } from '@cd/contracts/company-service';
import { SERVICE_DESCRIPTION_MAX, SERVICE_DURATION_MAX_MINUTES, SERVICE_PRICE_MAX_CENTS, SERVICE_TITLE_MAX } from '@cd/contracts/company-service-constants';
import { centsToDollarInput, dollarsToCents } from '@cd/contracts/money';

/** What the service dialog holds: text as typed (duration in minutes, price in dollars). */
export interface TServiceFormValues {
  title: string;
  description: string;
  duration: string;
  price: string;
}
export type TServiceField = keyof TServiceFormValues;
export type TServiceErrors = Partial<Record<TServiceField, string>>;
export interface TServiceBody {
  title: string;
  description: string;
  duration: number;
  price: number;
}

export function toServiceFormValues(service?: TCompanyService | null): TServiceFormValues {
  if (!service) return { title: '', description: '', duration: '', price: '' };
  return { title: service.title, description: service.description, duration: String(service.duration), price: centsToDollarInput(service.price) };
}

/**
 * Spec part 2 §5: title required; duration required, whole minutes above zero; price in dollars, not negative, at
 * most 2 decimals, stored in cents. Errors are catalogue keys; with none, `body` is what the API takes.
 */
export function parseServiceForm(values: TServiceFormValues): { errors: TServiceErrors; body: TServiceBody | null } {
  const errors: TServiceErrors = {};
  const title = values.title.trim();
  const description = values.description.trim();
  if (!title) errors.title = 'field_required';
  else if (title.length > SERVICE_TITLE_MAX) errors.title = 'value_too_long';
  if (description.length > SERVICE_DESCRIPTION_MAX) errors.description = 'value_too_long';

  const durationText = values.duration.trim();
  const duration = /^\d+$/.test(durationText) ? Number(durationText) : NaN;
  if (!durationText) errors.duration = 'field_required';
  else if (!Number.isInteger(duration) || duration <= 0) errors.duration = 'service_duration_invalid';
  else if (duration > SERVICE_DURATION_MAX_MINUTES) errors.duration = 'service_duration_too_long';

  const priceText = values.price.trim();
  const price = priceText ? dollarsToCents(priceText) : null;
  if (!priceText) errors.price = 'field_required';
  else if (price === null) errors.price = 'service_price_invalid';
  else if (price > SERVICE_PRICE_MAX_CENTS) errors.price = 'service_price_too_high';

  if (Object.keys(errors).length > 0) return { errors, body: null };
  return { errors, body: { title, description, duration, price: price! } };
}

/** The fields of `body` that differ from the saved service (the PATCH sends only these). */
export function changedServiceFields(service: TCompanyService, body: TServiceBody): TCompanyServicePatch {
  const patch: TCompanyServicePatch = {};
  for (const key of ['title', 'description', 'duration', 'price'] as const) {
    if (service[key] !== body[key]) (patch as Record<string, unknown>)[key] = body[key];
  }
  return patch;
}

/** Server violation messages that have a catalogue key. */
const SERVER_MESSAGES: Record<string, string> = {
  'A service with this title already exists.': 'service_title_taken',
  title_is_required: 'field_required',
  'The duration must be above zero.': 'service_duration_invalid',
  'The price cannot be negative.': 'service_price_invalid',
};

export function serviceMessageKey(message: string): string {
  return SERVER_MESSAGES[message] ?? message;
}

/** The list as the API orders it: by title, case-insensitive (live events insert in the right place). */
export function sortServices(services: readonly TCompanyService[]): TCompanyService[] {
  return [...services].sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id - b.id);
}

/** Pure: applies one live `company_service` event to the loaded list. */
export function applyServiceEvent(list: readonly TCompanyService[], event: 'created' | 'updated' | 'removed', service: TCompanyService): TCompanyService[] {
  const rest = list.filter((s) => s.id !== service.id);
  if (event === 'removed') return rest.length === list.length ? [...list] : rest;
  if (event === 'updated' && rest.length === list.length) return [...list];
  return sortServices([...rest, service]);
}
