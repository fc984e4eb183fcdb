import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import type { TChannelAdapter } from './channels/channel.types';
import type { TOutboxWorker } from './jobs/outbox';
import type { TLiveBus } from './live/live.types';
import type { TChannel } from '@cd/contracts/customer';
import type { TApiKeyScope } from '@cd/contracts/api-keys';
import type { TMailer } from './lib/mailer';
import type { TUserRow } from './modules/users/users.schema';

/** Long-lived collaborators shared by every request (built once in buildApp). */
export interface TAppDeps {
  config: TConfig;
  db: TDatabase;
  mailer: TMailer;
  live: TLiveBus;
  channels: Partial<Record<TChannel, TChannelAdapter>>;
  /** The outbox worker: `wake()` after committing a job; `drain()` in tests. */
  jobs: TOutboxWorker;
}

/** Who is calling: the effective user (impersonated one while impersonating) and the real signed-in user. */
export interface TActor {
  user: TUserRow;
  realUser: TUserRow;
  impersonating: boolean;
  /** The sign-in session (refresh family) of the access token; null for tokens issued before sessions were named. */
  sessionId: string | null;
  companyId: number | null;
  isSuperAdmin: boolean;
  isCompanyAdmin: boolean;
  /** Set when the caller authenticated with a public API key (modules/api-keys): what it may reach. */
  apiKey?: { id: number; companyId: number; scopes: TApiKeyScope[] } | null;
}

export interface TRequestContext extends TAppDeps {
  actor: TActor;
  /** Where the request came from (the audit log records it); absent outside HTTP requests. */
  origin?: { ip: string; userAgent: string | null };
}
