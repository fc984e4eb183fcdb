import type { z } from 'zod';
import type { ZPaymentSchema } from '@cd/contracts/company';
import { createNextVariantProcessor } from './next-variant/next-variant-adapter';
import { PaymentError } from './payment-error';
import type { TPaymentCallSink, TPaymentProcessor } from './payment-processor.types';
import { createSimulatorProcessor } from './simulator/simulator-processor';
import type { TSimulatorStore } from './simulator/simulator-store';
import { createUsaepayProcessor } from './usaepay/usaepay-adapter';

export { PaymentError, type TPaymentErrorKind } from './payment-error';
export { createSimulatorStore, tokenizeSimulatorCard, type TSimulatorStore } from './simulator/simulator-store';
export type * from './payment-processor.types';

type TPaymentSettings = z.infer<typeof ZPaymentSchema>;

/** Server-level processor access: base URLs, and whether this server simulates payments (the embedded default). */
export interface TPaymentProductConfig {
  /** true = every enabled company is charged through the simulator, whatever its provider (no outside calls). */
  simulate: boolean;
  simulatorStore: TSimulatorStore;
  simulatorTerminalStepMs?: number;
  /** USAePay REST base, e.g. https://sandbox.usaepay.com/api/v2 (default production). */
  usaepayBaseUrl?: string;
  /** The next variant's API base; unset = that provider cannot be used. */
  nextBaseUrl?: string;
  timeoutMs?: number;
}

/**
 * The processor for a company's payment settings (`current` = USAePay, `next` = the next variant), or null when the
 * company has no provider or payments are off. Missing credentials are an `auth` error: nobody can charge until an
 * admin fills them in.
 */
export function createPaymentProcessor(opts: {
  settings: TPaymentSettings | null | undefined;
  config: TPaymentProductConfig;
  onCall?: TPaymentCallSink;
}): TPaymentProcessor | null {
  const { settings, config, onCall } = opts;
  if (!settings?.enabled || !settings.provider) return null;
  const terminals = (settings.terminals ?? []).map((t) => ({ serial: t.serial, description: t.description ?? t.serial }));
  if (config.simulate) return createSimulatorProcessor({ store: config.simulatorStore, terminals, terminalStepMs: config.simulatorTerminalStepMs });
  if (settings.provider === 'current') {
    if (!settings.apiKey) throw new PaymentError({ provider: 'usaepay', kind: 'auth', message: 'USAePay is not set up: the API key is missing.' });
    return createUsaepayProcessor({
      baseUrl: config.usaepayBaseUrl,
      apiKey: settings.apiKey,
      pin: settings.pin ?? null,
      webhookSignatureKey: settings.webhookSignature ?? null,
      tokenizationKey: settings.tokenizationSourceKey ? { apiKey: settings.tokenizationSourceKey, pin: null } : null,
      timeoutMs: config.timeoutMs,
      onCall,
    });
  }
  if (!config.nextBaseUrl || !settings.appKey || !settings.apiSecret)
    throw new PaymentError({
      provider: 'next',
      kind: 'auth',
      message: 'The payment provider is not set up: the app key, API secret or server API address is missing.',
    });
  return createNextVariantProcessor({
    baseUrl: config.nextBaseUrl,
    appKey: settings.appKey,
    apiSecret: settings.apiSecret,
    timeoutMs: config.timeoutMs,
    onCall,
  });
}
