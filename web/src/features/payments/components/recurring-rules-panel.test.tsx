import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { recurringRuleFixture } from '../lib/recurring-rule-fixture';
import { RecurringRulesPanel } from './recurring-rules-panel';

const rule = (over: Partial<TRecurringRule> = {}) => recurringRuleFixture({ description: '', ...over });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const collection = (member: TRecurringRule[]) => ({
  '@context': '/api/contexts/RecurringRule',
  '@id': '/api/payment/recurring_rules',
  '@type': 'Collection',
  member,
  totalItems: member.length,
});

function serve(rules: TRecurringRule[], revokeStatus = 200) {
  let current = rules;
  const revoked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, collection(current));
      revoked.push(url);
      if (revokeStatus !== 200) return json(revokeStatus, { status: revokeStatus, detail: 'nope' });
      current = current.map((r) => ({ ...r, status: 'card_revoked', savedCard: { ...r.savedCard, revokedAt: '2026-02-01T00:00:00Z' } }));
      return json(200, { savedCard: current[0]!.savedCard, rulesStopped: 1 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecurringRulesPanel />
    </QueryClientProvider>,
  );
  return { revoked };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecurringRulesPanel', { timeout: 20_000 }, () => {
  it('shows months, the card with its expiry and the status', async () => {
    serve([rule(), rule({ id: 8, startMonth: null, endMonth: null, status: 'card_expired', savedCard: { ...rule().savedCard, id: 10, expired: true } })]);
    const rows = await screen.findAllByTestId('recurring-rule-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('12/2026 – 06/2027')).toBeTruthy();
    expect(within(rows[0]!).getByText('expires 03/2027')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('recurring-rule-status').textContent).toBe('Active');
    expect(within(rows[1]!).getByText('every month')).toBeTruthy();
    expect(within(rows[1]!).getByText('expired 03/2027')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('recurring-rule-status').textContent).toBe('Card expired');
  });

  it('revokes a card only after confirming, then shows the rule stopped', async () => {
    const { revoked } = serve([rule()]);
    fireEvent.click(await screen.findByTestId('recurring-revoke-card', {}, { timeout: 5000 }));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('2224');
    expect(revoked).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Revoke card'));
    await waitFor(() => expect(revoked).toEqual(['/api/payment/saved_cards/9/revoke']), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('recurring-rule-status').textContent).toBe('Card revoked'), { timeout: 5000 });
    expect(screen.queryByTestId('recurring-revoke-card')).toBeNull();
  });

  it('says so when there are none', async () => {
    serve([]);
    expect(await screen.findByTestId('recurring-rules-empty', {}, { timeout: 5000 })).toBeTruthy();
  });
});
