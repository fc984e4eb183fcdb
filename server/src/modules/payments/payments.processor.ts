import { PAYMENT_SECRET_FIELDS } from '@cd/contracts/company';
import type { TConfig } from '../../config';
import { bindCallSubject, type TCallSubject } from '../../lib/outside-calls/call-subject';
import { decryptSecret } from '../../lib/crypto';
import {
  createPaymentProcessor,
  createSimulatorStore,
  type TPaymentCall,
  type TPaymentCallSink,
  type TPaymentProcessor,
  type TSimulatorStore,
} from '../../payments/payments';
import type { TCompanyRow } from '../companies/companies.api';
import { paymentSettingsOf, type TPaymentSettings } from './payment-requests.core';

/** The slice of a logger outside calls are written to (the app's pino logger, or a request's). */
export interface TPaymentLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

/**
 * One simulator per app (docs/payments.md): its one-time payment keys, transactions and terminal requests live in
 * memory, so the tokenising page, the charge and a refund made later must all see the same store. Keyed by the app's
 * config object, which a server process builds once: apps in one process (the test suite's) never share a store,
 * where equal company and rule ids of separate databases would replay each other's charges.
 */
const simulatorStores = new WeakMap<object, TSimulatorStore>();

export function paymentSimulatorStore(config: object): TSimulatorStore {
  let store = simulatorStores.get(config);
  if (!store) {
    store = createSimulatorStore();
    simulatorStores.set(config, store);
  }
  return store;
}

/**
 * Every outside call to a card processor, one log line — the same way the DMS link logs its calls (dms-sync.adapter.ts
 * createDmsCallLogger; the project keeps outgoing calls in the application log, not a table). The adapters already
 * redacted the call (payments/payment-redact.ts: card numbers masked, CVC, keys, tokens, auth and signature headers
 * removed); nothing here adds a header or a raw body.
 */
export function createPaymentCallLogger(opts: { log: TPaymentLog; companyId: number | null }): TPaymentCallSink {
  return (call: TPaymentCall) => {
    const entry = {
      paymentCall: {
        companyId: opts.companyId,
        provider: call.provider,
        operation: call.operation,
        method: call.method,
        url: call.url,
        status: call.status,
        durationMs: call.durationMs,
        error: call.error,
        requestBody: call.requestBody,
        responseBody: call.responseBody,
      },
    };
    if (call.error) opts.log.warn(entry, `payment call ${call.provider} ${call.operation} failed`);
    else opts.log.info(entry, `payment call ${call.provider} ${call.operation} ${call.status ?? ''}`.trim());
  };
}

/** The company's payment settings with the stored secrets decrypted (they are kept encrypted at rest). */
export function decryptedPaymentSettings(opts: { config: Pick<TConfig, 'encryptionKey'>; company: Pick<TCompanyRow, 'payment'> }): TPaymentSettings {
  const settings = { ...paymentSettingsOf(opts.company) };
  for (const field of PAYMENT_SECRET_FIELDS) {
    const stored = settings[field];
    if (typeof stored === 'string' && stored !== '') settings[field] = decryptSecret(opts.config.encryptionKey, stored);
  }
  return settings;
}

/**
 * The processor that charges for this company: the simulator when the server simulates (the embedded default), else
 * the company's provider with its credentials; null when payments are off or no provider is chosen. A provider that is
 * chosen but not set up throws a PaymentError of kind `auth`.
 */
export function processorForCompany(opts: {
  config: Pick<TConfig, 'encryptionKey' | 'payments' | 'paymentNextApiUrl'>;
  company: Pick<TCompanyRow, 'id' | 'payment'>;
  log: TPaymentLog;
  /** The payment request the calls serve (their API log rows' subject), when the caller knows it. */
  paymentRequestId?: number | null;
}): TPaymentProcessor | null {
  const { config } = opts;
  const processor = createPaymentProcessor({
    settings: decryptedPaymentSettings({ config, company: opts.company }),
    config: {
      simulate: config.payments.simulate,
      simulatorStore: paymentSimulatorStore(config),
      usaepayBaseUrl: config.payments.usaepayBaseUrl,
      nextBaseUrl: config.paymentNextApiUrl,
      timeoutMs: config.payments.timeoutMs,
    },
    onCall: createPaymentCallLogger({ log: opts.log, companyId: opts.company.id }),
  });
  // Its calls land in the outgoing API log under the company and the payment request they serve (lib/outside-calls).
  const companyId = opts.company.id;
  const subject: TCallSubject = opts.paymentRequestId != null ? { companyId, subjectType: 'payment_request', subjectId: opts.paymentRequestId } : { companyId };
  return processor && bindCallSubject(processor, subject);
}
