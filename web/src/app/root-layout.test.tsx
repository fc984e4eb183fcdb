import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';
import { TRAY_ACTION } from '../lib/url-actions';
import { RootLayout } from './root-layout';

function start(address: string) {
  window.history.replaceState(null, '', address);
  const router = createMemoryRouter([{ element: <RootLayout />, children: [{ path: '*', element: null }] }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('RootLayout', () => {
  afterEach(() => {
    writeStorage(STORAGE_KEYS.action, null);
    window.history.replaceState(null, '', '/');
  });

  it('takes the tray action from the address, keeping the other parameters', async () => {
    const router = start(`/communication/inbox?action=${TRAY_ACTION}&q=x`);
    await waitFor(() => expect(router.state.location.search).toBe('?q=x'));
    expect(readStorage(STORAGE_KEYS.action)).toBe(TRAY_ACTION);
  });

  it("leaves a page's own action parameter alone (the audit log's filter)", async () => {
    const router = start('/audit-log?action=user.roles');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname + router.state.location.search).toBe('/audit-log?action=user.roles');
    expect(readStorage(STORAGE_KEYS.action)).toBeNull();
  });
});
