import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { cleanupScreen, hydraPage, jsonResponse, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { InboxPanel } from './inbox-panel';

/** The inbox's Unassigned chip (issue 21): the queue endpoint, a Take per row, only for admins and communication agents. */

afterEach(cleanupScreen);

const me = (roles: string[]) => ({ id: 9, firstName: 'Abe', lastName: 'Agent', email: 'abe@test.example', roles, impersonator: null }) as unknown as TMe;
const queued = {
  '@id': '/api/customers/41',
  '@type': 'Customer',
  id: 41,
  firstName: 'Carla',
  lastName: 'Queued',
  phone: '+15550000041',
  user: null,
  read: false,
  archived: false,
  bumpedAt: '2026-11-29T08:00:00.000Z',
  responseDueAt: null,
  lastMessage: { direction: 'INBOUND', content: 'Is my car ready?', hasAttachments: false, createdAt: '2026-11-29T08:00:00.000Z' },
};

describe('unassigned inbox filter', () => {
  it('switches the list to the queue and takes a conversation from its row', { timeout: 30_000 }, async () => {
    const calls = stubFetch(
      (u, init) => {
        if (u.pathname === '/api/routing/unassigned') return jsonResponse(200, hydraPage([queued]));
        if (u.pathname === '/api/routing/conversations/41/take' && init?.method === 'POST')
          return jsonResponse(200, { customerId: 41, userId: 9, changed: true });
        if (u.pathname === '/api/customers') return jsonResponse(200, hydraPage([]));
        if (u.pathname.startsWith('/api/')) return jsonResponse(200, hydraPage([]));
        return undefined;
      },
      { withMethod: true },
    );
    renderScreen(<InboxPanel selectedId={null} />, '/communication/inbox', me(['ROLE_USER', 'ROLE_COMMUNICATION']));
    const chip = await screen.findByTestId('inbox-filter-unassigned', {}, { timeout: 10_000 });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip);
    await waitFor(() => expect(calls.some((c) => c.startsWith('GET /api/routing/unassigned'))).toBe(true), { timeout: 5000 });
    expect(screen.getByTestId('inbox-filter-unassigned').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(await screen.findByTestId('inbox-take-41', {}, { timeout: 5000 }));
    await waitFor(() => expect(calls).toContain('POST /api/routing/conversations/41/take'), { timeout: 5000 });
  });

  it('is not offered to a user without the communication role', { timeout: 30_000 }, async () => {
    stubFetch((u) => (u.pathname.startsWith('/api/') ? jsonResponse(200, hydraPage([])) : undefined));
    renderScreen(<InboxPanel selectedId={null} />, '/communication/inbox', me(['ROLE_USER']));
    await screen.findByTestId('inbox-empty', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('inbox-filter-unassigned')).toBeNull();
  });
});
