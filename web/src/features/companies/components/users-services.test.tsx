import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TCompany } from '@cd/contracts/company';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { ServicesSection } from './services-section';
import { UsersTab } from './users-tab';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const collection = (member: unknown[]) => ({ member, totalItems: member.length });

const service = { '@id': '/api/company_services/4', '@type': 'CompanyService', id: 4, company: '/api/companies/1', title: 'Alignment', description: 'Laser', duration: 60, price: 1234567, createdAt: '', updatedAt: '' };
const company = { id: 1, modules: { automotive: false }, availableUserRoles: ['ROLE_USER', 'ROLE_COMMUNICATION'] } as unknown as TCompany;
const me = (roles: string[]) => ({ id: 9, roles, impersonator: null }) as unknown as TMe;

function renderWith(node: ReactNode, roles: string[] = ['ROLE_USER', 'ROLE_COMPANY_ADMIN']) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me(roles)}>{node}</CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ServicesSection', () => {
  it('shows prices with $, 2 decimals and thousands separators, read-only for non-admins', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(200, collection([service])))));
    renderWith(<ServicesSection companyId={1} canEdit={false} />);
    const row = await screen.findByTestId('service-row-4');
    expect(within(row).getByTestId('service-price').textContent).toBe('$12,345.67');
    expect(within(row).getByTestId('service-duration').textContent).toBe('60 min');
    expect(screen.queryByTestId('service-add')).toBeNull();
    expect(screen.queryByTestId('service-edit-4')).toBeNull();
  });

  it('has an empty state, and an error state whose retry refetches', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json(500, { detail: 'boom' })).mockResolvedValue(json(200, collection([])));
    vi.stubGlobal('fetch', fetch);
    renderWith(<ServicesSection companyId={1} canEdit />);
    const error = await screen.findByTestId('services-error');
    expect(error.textContent).toContain('The services could not be loaded.');
    fireEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('services-empty')).textContent).toContain('Add service');
  });

  it('validates the dialog in the browser and sends the price in cents', async () => {
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return Promise.resolve(json(201, { ...service, id: 5, ...JSON.parse(String(init.body)) }));
      return Promise.resolve(json(200, collection([])));
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<ServicesSection companyId={1} canEdit />);
    fireEvent.click(await screen.findByTestId('service-add'));
    fireEvent.change(screen.getByTestId('service-field-title'), { target: { value: 'Wash' } });
    fireEvent.change(screen.getByTestId('service-field-duration'), { target: { value: '20' } });
    // The shared numeric input refuses a minus: the price stays empty, and the form says it is required.
    fireEvent.change(screen.getByTestId('service-field-price'), { target: { value: '-3' } });
    expect((screen.getByTestId('service-field-price') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('service-submit'));
    await screen.findByText("Required");
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('service-field-price'), { target: { value: '1,015.5' } });
    expect((screen.getByTestId('service-field-price') as HTMLInputElement).value).toBe('1,015.5');
    fireEvent.click(screen.getByTestId('service-submit'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ title: 'Wash', description: '', duration: 20, price: 101550, company: '/api/companies/1' });
    expect((await screen.findByTestId('service-row-5')).textContent).toContain('$1,015.50');
  });
});

describe('UsersTab', () => {
  it('tells non-admins that only company admins manage users, without calling the API', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWith(<UsersTab company={company} />, ['ROLE_USER', 'ROLE_COMMUNICATION']);
    expect(screen.getByTestId('users-admins-only')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists users with role chips (no plain user role) and styles disabled users', async () => {
    const users = [
      { id: 9, firstName: 'Me', lastName: 'Admin', email: 'me@x.example', phone: null, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], enabled: true },
      { id: 10, firstName: 'Off', lastName: 'Line', email: 'off@x.example', phone: null, roles: ['ROLE_USER'], enabled: false },
    ];
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(200, collection(users)))));
    renderWith(<UsersTab company={company} />);
    const mine = await screen.findByTestId('user-row-9');
    expect(mine.textContent).toContain('Company admin');
    expect(mine.textContent).not.toContain('ROLE_USER');
    expect((within(mine).getByTestId('user-enabled-9') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('user-delete-9') as HTMLButtonElement).disabled).toBe(true);
    const off = screen.getByTestId('user-row-10');
    expect(off.getAttribute('data-enabled')).toBe('false');
    expect(within(off).getByTestId('user-disabled-chip')).toBeTruthy();
  });

  it('the delete dialog needs a receiver and offers only other enabled users', async () => {
    const users = [
      { id: 9, firstName: 'Me', lastName: 'Admin', email: 'me@x.example', phone: null, roles: ['ROLE_USER'], enabled: true },
      { id: 10, firstName: 'Off', lastName: 'Line', email: 'off@x.example', phone: null, roles: ['ROLE_USER'], enabled: false },
      { id: 11, firstName: 'Gone', lastName: 'Soon', email: 'gone@x.example', phone: null, roles: ['ROLE_USER'], enabled: true },
    ];
    const fetch = vi.fn(() => Promise.resolve(json(200, collection(users))));
    vi.stubGlobal('fetch', fetch);
    renderWith(<UsersTab company={company} />);
    fireEvent.click(await screen.findByTestId('user-delete-11'));
    fireEvent.click(screen.getByTestId('delete-user-submit'));
    await screen.findByText('Choose who receives the customers.');
    fireEvent.mouseDown(within(screen.getByTestId('delete-user-dialog')).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.getAttribute('data-testid'));
    expect(options).toEqual(['delete-user-transfer-9']);
  });
});
