import type { TAutomatedMessageKind, TAutomatedMessageState } from '@cd/contracts/automated-message';
import type { TCustomerLinkPurpose, TCustomerLinkState } from '@cd/contracts/customer-link';
import type { TRepairOrderStatus } from '@cd/contracts/repair-order';
import type { TRepairOrderLineStatus } from '@cd/contracts/repair-order-line';

type TChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export const ORDER_STATUS_COLOR: Record<TRepairOrderStatus, TChipColor> = {
  new: 'info',
  in_progress: 'primary',
  on_hold: 'warning',
  completed: 'success',
};

export const LINE_STATUS_COLOR: Record<TRepairOrderLineStatus, TChipColor> = {
  pending: 'warning',
  approved: 'success',
  denied: 'error',
  rejected: 'default',
};

export const AUTOMATED_STATE_COLOR: Record<TAutomatedMessageState, TChipColor> = {
  planned: 'info',
  held_quiet_hours: 'warning',
  held_safe_mode: 'warning',
  sent: 'success',
  skipped_opted_out: 'default',
  skipped_no_channel: 'default',
  cancelled: 'default',
  failed: 'error',
};

export const LINK_STATE_COLOR: Record<TCustomerLinkState, TChipColor> = { active: 'success', expired: 'default', revoked: 'error' };

/** Catalogue keys: `automated_message_kind_status_url`, … */
export function automatedKindLabelKey(kind: TAutomatedMessageKind): string {
  return `automated_message_kind_${kind}`;
}

export function linkPurposeLabelKey(purpose: TCustomerLinkPurpose): string {
  return `customer_link_purpose_${purpose}`;
}

export function linkStateLabelKey(state: TCustomerLinkState): string {
  return `customer_link_state_${state}`;
}
