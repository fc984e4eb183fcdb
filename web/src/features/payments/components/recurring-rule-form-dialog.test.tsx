import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { recurringRuleFixture } from '../lib/recurring-rule-fixture';
import { RecurringRuleFormDialog } from './recurring-rule-form-dialog';
import { RecurringRulesPanel } from './recurring-rules-panel';

const rule = recurringRuleFixture;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function serve(existing: TRecurringRule | null, answer: { status: number; body: unknown }) {
  const calls: { url: string; method: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      return json(answer.status, answer.body);
    }),
  );
  const onClose = vi.fn();
  const base = rule();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecurringRuleFormDialog rule={existing} cards={[{ customer: base.customer, savedCard: base.savedCard }]} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls, onClose };
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecurringRuleFormDialog', { timeout: 20_000 }, () => {
  it('creates a rule: dollars go as cents, with the card, day, months and consent', async () => {
    const { calls, onClose } = serve(null, { status: 201, body: rule() });
    type('recurring-form-amount', '1,234.50');
    type('recurring-form-day', '15');
    type('recurring-form-start', '2027-01');
    type('recurring-form-consent-name', 'Pat Doe');
    fireEvent.click(screen.getByTestId('recurring-form-consent-use'));
    fireEvent.click(screen.getByTestId('recurring-rule-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/payment/recurring_rules');
    expect(post.body).toMatchObject({ customer: 3, savedCard: 9, amountCents: 123450, dayOfMonth: 15, startMonth: '2027-01' });
    expect(post.body).not.toHaveProperty('endMonth');
    expect(post.body.consent).toEqual({ name: 'Pat Doe', text: expect.stringContaining('$1,234.50') as unknown });
    expect(String(post.body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a 422 violation on its field', async () => {
    serve(null, {
      status: 422,
      body: { status: 422, detail: 'dayOfMonth: Day must be 1–28.', violations: [{ propertyPath: 'consent.text', message: 'Consent text is too short.' }] },
    });
    type('recurring-form-amount', '25');
    type('recurring-form-consent-name', 'Pat Doe');
    type('recurring-form-consent-text', 'I agree to a monthly charge of $25.');
    fireEvent.click(screen.getByTestId('recurring-rule-submit'));
    const consent = screen.getByTestId('recurring-form-consent');
    await waitFor(() => expect(within(consent).getByText('Consent text is too short.')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByTestId('recurring-form-consent-text').getAttribute('aria-invalid')).toBe('true');
  });

  it('pre-fills an existing rule and patches only what changed (new terms need consent)', async () => {
    const { calls, onClose } = serve(rule(), { status: 200, body: rule({ amountCents: 3000 }) });
    expect((screen.getByTestId('recurring-form-amount') as HTMLInputElement).value).toBe('25.00');
    expect((screen.getByTestId('recurring-form-day') as HTMLInputElement).value).toBe('5');
    expect((screen.getByTestId('recurring-form-start') as HTMLInputElement).value).toBe('2026-12');
    expect((screen.getByTestId('recurring-form-end') as HTMLInputElement).value).toBe('2027-06');
    expect((screen.getByTestId('recurring-form-description') as HTMLInputElement).value).toBe('Rent');
    // Unchanged terms ask for no consent.
    expect(screen.queryByTestId('recurring-form-consent')).toBeNull();
    type('recurring-form-amount', '30');
    expect(screen.getByTestId('recurring-form-consent')).toBeTruthy();
    type('recurring-form-consent-name', 'Pat Doe');
    type('recurring-form-consent-text', 'I agree to monthly charges of $30.00.');
    fireEvent.click(screen.getByTestId('recurring-rule-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/payment/recurring_rules/7');
    expect(patch.body).toEqual({ amountCents: 3000, consent: { name: 'Pat Doe', text: 'I agree to monthly charges of $30.00.' } });
  });

  it('opens from the panel: Edit pre-fills the row, New rule offers the saved cards (vault cards without a rule too)', async () => {
    const collection = { '@id': '/api/payment/recurring_rules', '@type': 'Collection', member: [rule()], totalItems: 1 };
    const vaultCard = { ...rule().savedCard, '@id': '/api/payment/saved_cards/11', id: 11, customer: { '@id': '/api/customers/4', id: 4, name: 'Sam Vault' } };
    const cards = { '@id': '/api/payment/saved_cards', '@type': 'Collection', member: [vaultCard], totalItems: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(200, String(url).startsWith('/api/payment/saved_cards') ? cards : collection)),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RecurringRulesPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('recurring-rule-edit', {}, { timeout: 5000 }));
    expect((screen.getByTestId('recurring-form-amount') as HTMLInputElement).value).toBe('25.00');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('recurring-form-amount')).toBeNull(), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('recurring-rule-new'));
    expect(((await screen.findByTestId('recurring-form-card', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('11');
    expect((screen.getByTestId('recurring-form-amount') as HTMLInputElement).value).toBe('');
  });

  it('cancels a rule only after confirming', async () => {
    const { calls } = serve(rule(), { status: 200, body: rule({ status: 'cancelled' }) });
    fireEvent.click(screen.getByTestId('recurring-form-cancel-rule'));
    expect(calls).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel rule'));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/payment/recurring_rules/7/cancel']), { timeout: 5000 });
  });
});
