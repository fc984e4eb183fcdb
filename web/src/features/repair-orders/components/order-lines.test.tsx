import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import type { TRepairOrderLine } from '@cd/contracts/repair-order-line';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { createAppTheme } from '../../../lib/theme';
import { OrderLines } from './order-lines';

const line = (id: number, over: Partial<TRepairOrderLine> = {}): TRepairOrderLine => ({
  '@id': `/api/repair_order_lines/${id}`,
  '@type': 'RepairOrderLine',
  id,
  repairOrder: '/api/repair_orders/7',
  description: `Line ${id}`,
  price: 24990,
  status: 'pending',
  files: [],
  decidedAt: null,
  decidedBy: null,
  dmsPushedAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

// Only what OrderLines reads; a closed order asks the server nothing (no recommendations).
const order = (state: 'open' | 'closed') =>
  ({
    id: 7,
    state,
    vehicle: null,
    repairOrderLines: [line(1), line(2, { status: 'approved', decidedAt: '2026-11-20T11:00:00Z', decidedBy: 'customer' })],
  }) as unknown as TRepairOrder;

/** jsdom has no matchMedia: answer every query as a phone (max-width) or a desktop would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    };
  });
}

function renderLines(state: 'open' | 'closed') {
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <QueryClientProvider client={createQueryClient()}>
        <OrderLines order={order(state)} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderLines', () => {
  it('keeps the table on a desktop', () => {
    viewport(1440);
    renderLines('closed');
    expect(screen.getByTestId('repair-order-line-1').tagName).toBe('TR');
    expect(screen.queryByTestId('repair-order-lines-stacked')).toBeNull();
  });

  it('stacks each line on a phone, with the same test ids', () => {
    viewport(390);
    renderLines('open');
    expect(screen.queryByRole('table')).toBeNull();
    const row = screen.getByTestId('repair-order-line-2');
    expect(row.tagName).toBe('DIV');
    expect(row.getAttribute('data-status')).toBe('approved');
    expect(within(row).getByText('Line 2')).toBeTruthy();
    expect(within(row).getByText('$249.90')).toBeTruthy();
    expect(within(row).getByTestId('repair-order-line-status-2')).toBeTruthy();
    expect(within(row).getByText(/·/)).toBeTruthy();
    expect(screen.getByTestId('repair-order-line-edit-1')).toBeTruthy();
    expect(screen.getByTestId('repair-order-line-delete-2')).toBeTruthy();
  });
});
