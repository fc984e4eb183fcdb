import type { TWebhookDeliveryStatus } from '@cd/contracts/outgoing-webhooks';

/** Rows of migration 0045 as the repository reads them (raw SQL, camelCase). */

/** The outbox job kind of one delivery attempt (the migration's trigger writes the same name). */
export const DELIVER_JOB_KIND = 'outgoing_webhook.deliver';

export interface TEndpointRow {
  companyId: number;
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** Encrypted (lib/crypto.ts encryptSecret). */
  secret: string;
  /** The secret a roll replaced (encrypted), still signing until `previousSecretExpiresAt` (migration 0050). */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  disabledReason: 'manual' | 'failing' | null;
  disabledAt: Date | null;
  failingSince: Date | null;
  failedEvents: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TDeliveryRow {
  companyId: number;
  id: number;
  endpointId: number;
  eventId: number;
  entityKey: string;
  status: TWebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  responseBody: string | null;
  replayOf: number | null;
  createdAt: Date;
  /** Of the event: its public id (the idempotency key), type, data and time. */
  eventPublicId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
}
