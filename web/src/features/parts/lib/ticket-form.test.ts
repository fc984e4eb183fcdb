import { describe, expect, it } from 'vitest';
import { EMPTY_LINE, parseLineDraft, previewTotals } from './ticket-form';

describe('ticket lines as typed', () => {
  it('parses quantity, price and rate, and refuses what the server would refuse', () => {
    expect(parseLineDraft({ partNumber: 'PN', description: 'Pads', quantity: '1.5', unitPrice: '$1,234.50', taxRate: '8.875%' })).toEqual({
      ok: true,
      line: { partNumber: 'PN', description: 'Pads', quantity: 1.5, unitPriceCents: 123450, taxRate: 8.875 },
    });
    expect(parseLineDraft({ ...EMPTY_LINE, description: 'x', unitPrice: '-5' })).toMatchObject({ ok: true, line: { unitPriceCents: -500 } });
    expect(parseLineDraft({ ...EMPTY_LINE, description: 'x', unitPrice: '1', quantity: '0' })).toEqual({ ok: false, field: 'quantity' });
    expect(parseLineDraft({ ...EMPTY_LINE, description: 'x', unitPrice: '1.234' })).toEqual({ ok: false, field: 'unitPrice' });
    expect(parseLineDraft({ ...EMPTY_LINE, description: 'x', unitPrice: '1', taxRate: '101' })).toEqual({ ok: false, field: 'taxRate' });
    expect(parseLineDraft({ ...EMPTY_LINE, unitPrice: '1' })).toEqual({ ok: false, field: 'description' });
  });

  it('previews the totals by the server’s rounding rule', () => {
    const totals = previewTotals([
      { partNumber: 'A', description: '', quantity: '2', unitPrice: '19.99', taxRate: '8.875' },
      { partNumber: 'B', description: '', quantity: '1.5', unitPrice: '3.33', taxRate: '' },
      { ...EMPTY_LINE },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 4498, taxCents: 355, totalCents: 4853 });
    expect(previewTotals([{ ...EMPTY_LINE }])).toBeNull();
  });
});
