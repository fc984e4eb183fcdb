import { AUTOMATED_MESSAGE_STATE_INFO, type TAutomatedMessageState } from '@cd/contracts/automated-message';
import type { TAutomationSettled, TAutomationSource } from '../automations/automations.api';
import { findCompany } from '../companies/companies.api';
import { expiryOf, publishPaymentRequest } from './payment-requests.core';
import * as repo from './payment-requests.repository';

/**
 * The engine's question when a payment text comes due: still due while the request can be paid (not cancelled, not
 * paid, not expired). The engine renders the company's payment.text, makes the `{payment_url}` link (purpose payment,
 * entity payment_request), checks consent, safe mode and quiet hours, and sends once per key
 * `payment_request:{id}:payment_request:{n}` (n = the n-th send: a resend is a new occurrence).
 */
export const paymentRequestAutomationSource: TAutomationSource = async (tx, opts) => {
  const row = await repo.findPaymentRequest(tx, { companyId: opts.companyId, id: opts.entityId, forUpdate: true });
  if (!row || row.cancelledAt !== null || row.status === 'paid' || row.status === 'expired') return { due: false };
  // A statement of account is texted with the company's statement text when it has one (spec part 2 §3), else payment.text.
  if (row.source === 'ar_statement') return { due: true, preferredField: 'automotiveMessages.statementOfAccountText' };
  return { due: true };
};

/** Why a text was not sent, as the request shows it (the engine's reason keys). */
const FAILED_REASON: Partial<Record<TAutomatedMessageState, string>> = {
  skipped_opted_out: AUTOMATED_MESSAGE_STATE_INFO.skipped_opted_out.reasonKey,
  skipped_no_channel: AUTOMATED_MESSAGE_STATE_INFO.skipped_no_channel.reasonKey,
};

/**
 * The engine's outcome: sent → status sent, with the message, the send time and the expiry counted from it (each send
 * restarts it: the newest link is the one the customer holds); not sendable (opted out, no channel, the text refused)
 * → failed with the reason. A text cancelled because the request was closed meanwhile changes nothing.
 */
export const paymentRequestAutomationSettled: TAutomationSettled = async (tx, opts) => {
  const row = await repo.findPaymentRequest(tx, { companyId: opts.companyId, id: opts.entityId, forUpdate: true });
  if (!row) return;
  let moved;
  if (opts.state === 'sent' && opts.sentAt) {
    const company = await findCompany(tx, opts.companyId);
    if (!company) return;
    moved = await repo.moveStatus(tx, {
      companyId: row.companyId,
      id: row.id,
      to: 'sent',
      values: { sentAt: opts.sentAt, messageId: opts.messageId, statusReason: null, expiresAt: expiryOf({ company, sentAt: opts.sentAt }) },
    });
  } else {
    const reason =
      FAILED_REASON[opts.state] ?? (opts.state === 'cancelled' && opts.reasonKey !== AUTOMATED_MESSAGE_STATE_INFO.cancelled.reasonKey ? opts.reasonKey : null);
    if (!reason) return;
    moved = await repo.moveStatus(tx, { companyId: row.companyId, id: row.id, to: 'failed', values: { statusReason: reason } });
  }
  if (moved) await publishPaymentRequest(tx, { deps: opts.deps, row: moved, event: 'updated', changes: ['status', 'statuses', 'sentAt'], emit: opts.emit });
};
