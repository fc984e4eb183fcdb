import { describe, expect, it } from 'vitest';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { defaultLinesOf, hasPaymentFormErrors, newLineDraft, parseTaxRate, paymentRequestBodyOf, readPaymentLines } from './payment-request-form';

type TOrderPart = Pick<TRepairOrder, 'title' | 'number' | 'price' | 'repairOrderLines'>;
const line = (description: string, price: number, status: 'approved' | 'pending' | 'denied') =>
  ({ id: price, description, price, status }) as unknown as TRepairOrder['repairOrderLines'][number];

describe('request payment dialog', () => {
  it('prefills the approved lines, else one line with the order price', () => {
    const order: TOrderPart = {
      title: 'Brakes',
      number: 'RO-7',
      price: 99900,
      repairOrderLines: [line('Front pads', 18950, 'approved'), line('Rotors', 32000, 'denied'), line('Wipers', 2500, 'pending')],
    };
    expect(defaultLinesOf(order).map((l) => [l.name, l.unitPrice, l.quantity, l.taxRate])).toEqual([['Front pads', '189.50', '1', '']]);
    expect(defaultLinesOf({ ...order, repairOrderLines: [] }).map((l) => [l.name, l.unitPrice])).toEqual([['Brakes', '999.00']]);
    expect(defaultLinesOf({ ...order, title: '', price: 0, repairOrderLines: [] }).map((l) => [l.name, l.unitPrice])).toEqual([['RO-7', '']]);
  });

  it('computes totals with the shared rounding rule (per line, half away from zero)', () => {
    const r = readPaymentLines([
      newLineDraft({ name: 'Labour', unitPrice: '120', quantity: '1.5', taxRate: '8.875' }),
      newLineDraft({ name: 'Oil', unitPrice: '$7.99', quantity: '5', taxRate: '' }),
      newLineDraft({ name: 'Coupon', unitPrice: '-10', quantity: '1', taxRate: '' }),
    ]);
    expect(hasPaymentFormErrors(r)).toBe(false);
    // 180.00 net, tax 15.975 → 15.98; 39.95; -10.00.
    expect(r.totals).toMatchObject({ subtotalCents: 18000 + 3995 - 1000, taxCents: 1598, totalCents: 18000 + 3995 - 1000 + 1598 });
    expect(r.totals!.lines.map((l) => l.totalCents)).toEqual([19598, 3995, -1000]);
    expect(r.products[0]).toEqual({ name: 'Labour', unitPriceCents: 12000, quantity: 1.5, taxRate: 8.875 });
    expect(r.products[1]!.taxRate).toBeNull();
  });

  it('names what is wrong per field, and refuses a zero total', () => {
    const r = readPaymentLines([newLineDraft({ name: ' ', unitPrice: '12,34', quantity: '0', taxRate: '101' })]);
    expect(r.lineErrors[0]).toEqual({
      name: 'payment_line_name_required',
      unitPrice: 'money_invalid',
      quantity: 'quantity_not_positive',
      taxRate: 'payment_tax_rate_invalid',
    });
    expect(r.totals).toBeNull();
    expect(hasPaymentFormErrors(r)).toBe(true);
    const zero = readPaymentLines([newLineDraft({ name: 'A', unitPrice: '10' }), newLineDraft({ name: 'B', unitPrice: '-10' })]);
    expect(zero.formError).toBe('payment_amount_must_not_be_zero');
    expect(readPaymentLines([]).formError).toBe('payment_lines_required');
  });

  it('reads tax rates of up to 3 decimals between 0 and 100 %', () => {
    expect(parseTaxRate('')).toBe('empty');
    expect(parseTaxRate('8.875 %')).toBe(8.875);
    expect(parseTaxRate('100')).toBe(100);
    expect(parseTaxRate('100.001')).toBeNull();
    expect(parseTaxRate('8.8755')).toBeNull();
    expect(parseTaxRate('-1')).toBeNull();
  });

  it('builds the POST body: empty texts left out', () => {
    const products = [{ name: 'A', unitPriceCents: 100, quantity: 1, taxRate: null }];
    expect(paymentRequestBodyOf({ orderId: 7, invoice: ' RO-7 ', billTo: '  ', products, send: true })).toEqual({
      repairOrder: 7,
      invoice: 'RO-7',
      products,
      send: true,
    });
  });
});
