import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../lib/i18n';
import { cleanupScreen, hydraPage, jsonResponse, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { RoutingPage } from './routing-page';

afterEach(cleanupScreen);

const rule = (id: number, name: string) => ({
  '@id': `/api/routing/rules/${id}`,
  '@type': 'RoutingRule',
  id,
  position: id,
  name,
  enabled: true,
  channels: [],
  keywords: [],
  strategy: 'round_robin',
  role: 'ROLE_USER',
  department: null,
  userId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const settings = {
  '@id': '/api/routing/settings',
  '@type': 'RoutingSettings',
  firstReplyMinutes: 30,
  warnPercent: 80,
  reassignMinutes: null,
  businessHours: [null, { start: '09:00', end: '17:00' }, null, null, null, null, null],
  timeZone: 'America/New_York',
  breaches: 4,
};

describe('routing settings page', () => {
  it('lists the rules in order, reorders them with the arrows and shows the target and breaches', { timeout: 30_000 }, async () => {
    let order = [rule(1, 'Sales'), rule(2, 'Service')];
    const calls = stubFetch(
      (u, init) => {
        if (u.pathname === '/api/routing/rules') return jsonResponse(200, hydraPage(order));
        if (u.pathname === '/api/routing/settings') return jsonResponse(200, settings);
        if (u.pathname === '/api/users') return jsonResponse(200, hydraPage([]));
        if (u.pathname === '/api/routing/rule_order' && init?.method === 'PUT') {
          order = [order[1]!, order[0]!];
          return jsonResponse(200, hydraPage(order));
        }
        return undefined;
      },
      { withMethod: true },
    );
    renderScreen(<RoutingPage />, '/settings/routing');
    expect(await screen.findByText('1. Sales', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('2. Service')).toBeTruthy();
    expect(await screen.findByText(/Missed first-reply targets so far: 4/, {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]!);
    await waitFor(() => expect(calls).toContain('PUT /api/routing/rule_order'), { timeout: 5000 });
    expect(await screen.findByText('1. Service', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows an error with retry when the rules cannot be loaded', { timeout: 30_000 }, async () => {
    stubFetch((u) =>
      u.pathname === '/api/routing/rules' ? jsonResponse(500, {}) : u.pathname === '/api/routing/settings' ? jsonResponse(200, settings) : undefined,
    );
    renderScreen(<RoutingPage />, '/settings/routing');
    expect(await screen.findByTestId('routing-rules-error', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
