import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TCustomerInterest, TInterest } from '@cd/contracts/interests';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { InterestsPage } from './interests-page';

const interest: TInterest = {
  '@id': '/api/interests/3',
  '@type': 'Interest',
  id: 3,
  name: 'Lofts downtown',
  description: 'Buyers asking about lofts.',
  memberCount: 1,
  createdAt: '2026-11-28T10:00:00Z',
};
const member: TCustomerInterest = {
  '@id': '/api/customer_interests/41/3',
  '@type': 'CustomerInterest',
  customer: '/api/customers/41',
  customerName: 'Maya Stone',
  interest: '/api/interests/3',
  interestName: 'Lofts downtown',
  createdAt: '2026-11-28T10:00:00Z',
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function serve(answer: (url: string, method: string) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url: String(url), method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(String(url), method);
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('interests page', () => {
  it('shows the categories with member counts, adds a customer by search and removes one after a confirmation', async () => {
    const calls = serve((url, method) => {
      if (method === 'POST') return json(201, { ...member, '@id': '/api/customer_interests/42/3', customer: '/api/customers/42', customerName: 'Noah Lake' });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (url.includes('/api/customers/simple'))
        return json(200, {
          member: [
            { '@id': '/api/customers/41', id: 41, name: 'Maya Stone', phone: null },
            { '@id': '/api/customers/42', id: 42, name: 'Noah Lake', phone: null },
          ],
        });
      if (url.includes('/api/customer_interests')) return json(200, { member: [member], totalItems: 1 });
      return json(200, { member: [interest], totalItems: 1 });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/interests?interest=3']}>
          <InterestsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('interest-count-3')).textContent).toBe('1');
    await screen.findByTestId('interest-member-41');

    // A member already in the category is not offered again.
    fireEvent.change(screen.getByTestId('interest-add-member'), { target: { value: 'No' } });
    fireEvent.click(await screen.findByTestId('interest-customer-option-42', {}, { timeout: 3000 }));
    expect(screen.queryByTestId('interest-customer-option-41')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ customer: '/api/customers/42', interest: '/api/interests/3' });

    fireEvent.click(within(screen.getByTestId('interest-member-41')).getByTestId('interest-member-remove-41'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/customer_interests/41/3'));
  }, 20_000);
});
