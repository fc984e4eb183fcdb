import { describe, expect, it } from 'vitest';
import { paymentKeyOf } from './pay-js';

describe('Pay.js getPaymentKey answers', () => {
  it('reads a bare key and the object form; refusals carry their message', () => {
    expect(paymentKeyOf('02zxfg87ty824')).toEqual({ ok: true, key: '02zxfg87ty824' });
    expect(paymentKeyOf({ key: 'pk_1', type: 'payment_key', creditcard: { number: '4000xxxxxxxx2224' } })).toEqual({ ok: true, key: 'pk_1' });
    expect(paymentKeyOf({ error: { message: 'Card number is invalid' } })).toEqual({ ok: false, message: 'Card number is invalid' });
    expect(paymentKeyOf({ error: 'Declined' })).toEqual({ ok: false, message: 'Declined' });
    expect(paymentKeyOf('')).toEqual({ ok: false, message: '' });
    expect(paymentKeyOf(null)).toEqual({ ok: false, message: '' });
  });
});
