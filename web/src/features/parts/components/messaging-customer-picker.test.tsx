import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TPartsCustomer } from '@cd/contracts/parts';
import { useState } from 'react';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { MessagingCustomerPicker, type TLinkedCustomer } from './messaging-customer-picker';
import { PartsCustomerDetail } from './parts-customer-detail';
import { PartsCustomerDialog } from './parts-customer-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const pat = { '@id': '/api/customers/5', id: 5, name: 'Pat Doe', phone: '+15550100100' };
const sam = { '@id': '/api/customers/6', id: 6, name: 'Sam Roe', phone: null };

type TCall = { url: URL; method: string; body: unknown };

/** Answers by path; records every call. */
function serve(answer: (url: URL, method: string) => Response | Promise<Response>) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      return answer(url, method);
    }),
  );
  return calls;
}
const searches = (calls: TCall[]) => calls.filter((c) => c.url.pathname === '/api/customers/simple').map((c) => c.url.searchParams.get('search'));

function Harness({ initial, onChange }: { initial: TLinkedCustomer | null; onChange: (v: TLinkedCustomer | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MessagingCustomerPicker
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function renderPicker(initial: TLinkedCustomer | null = null) {
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByTestId('parts-customer-link') as HTMLInputElement };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('messaging customer picker', () => {
  it('asks for two characters before searching, then searches by the typed text once typing pauses', async () => {
    const calls = serve(() => json(200, { member: [pat, sam] }));
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'p' } });
    expect(await screen.findByText('Type at least 2 letters or digits of a name or phone.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '555' } });
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(await screen.findByTestId('parts-link-option-5')).toBeTruthy();
    expect(screen.getByTestId('parts-link-option-5').textContent).toContain('Pat Doe');
    expect(screen.getByTestId('parts-link-option-5').textContent).toContain('555');
    expect(screen.getByTestId('parts-link-option-6').textContent).toBe('Sam Roe');
    expect(searches(calls)).toEqual(['555']);
  });

  it('picks with the keyboard and shows the name and phone in the field', async () => {
    serve(() => json(200, { member: [pat, sam] }));
    const { input, onChange } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'do' } });
    await screen.findByTestId('parts-link-option-5');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ id: 6, name: 'Sam Roe', phone: null });
    expect(input.value).toBe('Sam Roe');
  });

  it('says when nothing matches, and when the search failed', async () => {
    serve((url) => (url.searchParams.get('search') === 'zz' ? json(200, { member: [] }) : json(500, { title: 'boom' })));
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('No messaging customer matches.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'qq' } });
    expect(await screen.findByText('This could not be loaded.')).toBeTruthy();
  });

  it('opens on the linked customer without searching its label, and clears with Escape', async () => {
    const calls = serve(() => json(200, { member: [pat] }));
    const { input, onChange } = renderPicker({ id: 5, name: 'Pat Doe', phone: '+15550100100' });
    expect(input.value).toMatch(/^Pat Doe · .*555/);
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
    await new Promise((r) => setTimeout(r, 400));
    expect(searches(calls)).toEqual([]);
  });
});

describe('linking a parts customer', () => {
  const account: TPartsCustomer = {
    '@id': '/api/parts_customers/3',
    '@type': 'PartsCustomer',
    id: 3,
    name: 'Acme Body',
    contactName: '',
    phone: null,
    email: null,
    termsDays: 30,
    customerReference: 'AC1',
    customer: '/api/customers/5',
    balanceCents: 0,
    overdueCents: 0,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
  };

  it('the detail shows the linked customer; the dialog saves the new choice, closes, and the detail follows', async () => {
    let saved = account;
    const calls = serve((url, method) => {
      if (url.pathname === '/api/customers/5') return json(200, { ...pat, '@type': 'Customer', firstName: 'Pat', lastName: 'Doe' });
      // Slow, as on a network: the refetched account's new link is still loading while the save finishes.
      if (url.pathname === '/api/customers/6')
        return new Promise<Response>((r) => setTimeout(() => r(json(200, { ...sam, '@type': 'Customer', firstName: 'Sam', lastName: 'Roe' })), 150));
      if (url.pathname === '/api/customers/simple') return json(200, { member: [sam] });
      if (url.pathname === '/api/parts_customers/3' && method === 'PATCH') {
        saved = { ...account, customer: '/api/customers/6' };
        return json(200, saved);
      }
      if (url.pathname === '/api/parts_customers/3') return json(200, saved);
      return json(200, { member: [], totalItems: 0 });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PartsCustomerDetail customerId={3} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('parts-linked-customer')).textContent).toMatch(/^Texts go to Pat Doe · .*555/);
    expect(screen.queryByTestId('parts-not-linked')).toBeNull();
    fireEvent.click(screen.getByTestId('parts-customer-edit'));
    const input = (await screen.findByTestId('parts-customer-link')) as HTMLInputElement;
    expect(input.value).toContain('Pat Doe');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'sam' } });
    fireEvent.click(await screen.findByTestId('parts-link-option-6'));
    fireEvent.click(screen.getByTestId('parts-customer-submit'));
    await waitFor(() => expect(screen.queryByTestId('parts-customer-link')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('parts-linked-customer').textContent).toBe('Texts go to Sam Roe'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ customer: 6, name: 'Acme Body', customerReference: 'AC1' });
  });

  it('an account not linked opens with an empty picker, and saving keeps it unlinked', async () => {
    let saved: TPartsCustomer = { ...account, customer: null };
    const calls = serve((url, method) => {
      if (url.pathname === '/api/parts_customers/3' && method === 'PATCH') return json(200, (saved = { ...saved, customer: null }));
      if (url.pathname === '/api/parts_customers/3') return json(200, saved);
      return json(200, { member: [], totalItems: 0 });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PartsCustomerDialog customer={{ ...account, customer: null }} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const input = (await screen.findByTestId('parts-customer-link')) as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.click(screen.getByTestId('parts-customer-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ customer: null });
  });
});
