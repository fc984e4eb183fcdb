import type { TChannel } from '@cd/contracts/customer';
import type { TRole } from '@cd/contracts/roles';
import type { TBusinessHours } from '@cd/contracts/routing-hours';
import type { TRoutingStrategy } from '@cd/contracts/routing';

/** Rows of migration 0046 as the repository reads them (raw SQL, camelCase). */

export interface TRoutingSettingsRow {
  companyId: number;
  firstReplyMinutes: number | null;
  warnPercent: number;
  reassignMinutes: number | null;
  businessHours: TBusinessHours;
}

export interface TRoutingRuleRow {
  companyId: number;
  id: number;
  position: number;
  name: string;
  enabled: boolean;
  channels: TChannel[];
  keywords: string[];
  strategy: TRoutingStrategy;
  role: TRole;
  department: string | null;
  userId: number | null;
  lastUserId: number | null;
  createdAt: Date;
}

export interface TRoutingWaitRow {
  companyId: number;
  id: number;
  customerId: number;
  startedAt: Date;
  dueAt: Date | null;
  warnAt: Date | null;
  repliedAt: Date | null;
  warnedAt: Date | null;
  breachedAt: Date | null;
  hops: number;
  jobIds: number[];
}

export interface TSkip {
  userId: number;
  reason: string;
}

export interface TRoutingDecisionRow {
  companyId: number;
  id: number;
  customerId: number;
  kind: 'route' | 'reassign' | 'take';
  ruleId: number | null;
  ruleName: string | null;
  strategy: TRoutingStrategy | null;
  chosenUserId: number | null;
  chosenUserName: string | null;
  previousUserId: number | null;
  reason: string;
  skipped: TSkip[];
  createdAt: Date;
}

/** A user a rule may pick (raw read of users: routing only needs who is enabled and online). */
export interface TCandidate {
  id: number;
  enabled: boolean;
  status: string;
}
