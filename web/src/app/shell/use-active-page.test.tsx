import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activePageOf, useActivePage } from './use-active-page';

describe('activePageOf', () => {
  it('names the selected customer, the path, or none without focus', () => {
    expect(activePageOf({ pathname: '/communication/12/messenger', focused: true })).toEqual({ page: 'communication', customerId: 12 });
    expect(activePageOf({ pathname: '/communication/inbox', focused: true })).toEqual({ page: '/communication/inbox' });
    expect(activePageOf({ pathname: '/communication/12/messenger', focused: false })).toEqual({ page: 'none' });
  });
});

describe('useActivePage', () => {
  let focused = true;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    focused = true;
  });

  function setup(enabled = true) {
    const send = vi.fn(() => Promise.resolve());
    let navigate: ReturnType<typeof useNavigate> = () => undefined;
    const hook = renderHook(
      ({ on }: { on: boolean }) => {
        navigate = useNavigate();
        useActivePage({ enabled: on, send });
      },
      {
        initialProps: { on: enabled },
        wrapper: ({ children }: { children: ReactNode }) => {
          const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/customer-groups'] });
          return <RouterProvider router={router} />;
        },
      },
    );
    return { send, hook, go: (to: string) => act(() => void navigate(to)) };
  }

  it('sends on change and every 20 s, nothing in between, and stops when unmounted', async () => {
    const { send, hook, go } = setup();
    expect(send.mock.calls).toEqual([[{ page: '/customer-groups' }]]);
    hook.rerender({ on: true });
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(send).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ page: '/customer-groups' });

    await go('/communication/7/messenger');
    expect(send).toHaveBeenLastCalledWith({ page: 'communication', customerId: 7 });
    // Another sub-page of the same customer is the same report.
    await go('/communication/7/details');
    expect(send).toHaveBeenCalledTimes(3);

    focused = false;
    act(() => void window.dispatchEvent(new Event('blur')));
    expect(send).toHaveBeenLastCalledWith({ page: 'none' });
    focused = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(send).toHaveBeenLastCalledWith({ page: 'communication', customerId: 7 });
    expect(send).toHaveBeenCalledTimes(5);

    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('sends nothing while disabled (impersonating)', async () => {
    const { send } = setup(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send).not.toHaveBeenCalled();
  });
});
