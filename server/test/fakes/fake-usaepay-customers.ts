/**
 * The customer vault of the fake USAePay gateway (protocols/dms-and-payments.md §3.5): `GET /customers` paged with
 * limit/offset and a string `total` (§3.1), `GET /customers/{key}`. Tests add customers directly (the merchant's
 * console or another integration put them there). Members beyond the documented capture (email, phone, the payment
 * method's key/card_type/ccnum4last/expiration/cardholder) are CONSTRUCTED, as in src/payments/usaepay/usaepay-customers.ts.
 */
import { randomBytes } from 'node:crypto';

type TJson = Record<string, unknown>;

export interface TFakeVaultCustomerInput {
  customerid?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  /** Cards on file: the number is kept by the fake only (a sale with the method's key charges it). */
  cards?: Array<{ number: string; expiration?: string; cardholder?: string }>;
}

export interface TFakeCustomerVault {
  /** Adds a customer under an API key; answers its key and its payment methods' keys (the tokens). */
  add(apiKey: string, c: TFakeVaultCustomerInput): { key: string; methodKeys: string[] };
  handle(apiKey: string, method: string, path: string, query: URLSearchParams): [number, unknown] | null;
}

export function createFakeCustomerVault(deps: {
  /** Registers a token the gateway's sale accepts in place of a card number. */
  saveCard: (token: string, card: { number: string; expiration: string }) => void;
}): TFakeCustomerVault {
  const customers: Array<TJson & { apiKey: string }> = [];
  let custid = 20625189;
  const id = (n: number) =>
    randomBytes(n * 2)
      .toString('hex')
      .slice(0, n);
  const cardType = (n: string) => (n.startsWith('4') ? 'Visa' : n.startsWith('5') ? 'MasterCard' : n.startsWith('3') ? 'American Express' : 'Discover');

  return {
    add(apiKey, c) {
      const methods = (c.cards ?? []).map((card) => {
        const key = `${id(4)}-${id(4)}-${id(4)}-${id(4)}`;
        const expiration = card.expiration ?? '1230';
        deps.saveCard(key, { number: card.number, expiration });
        return {
          type: 'customerpaymentmethod',
          key,
          method_name: `${cardType(card.number)} ${card.number.slice(-4)}`,
          cardholder: card.cardholder ?? `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(),
          expiration,
          ccnum4last: `${'x'.repeat(card.number.length - 4)}${card.number.slice(-4)}`,
          card_type: cardType(card.number),
        };
      });
      const key = id(16);
      customers.push({
        apiKey,
        type: 'customer',
        key,
        customerid: c.customerid ?? '',
        custid: String(++custid),
        first_name: c.first_name ?? '',
        last_name: c.last_name ?? '',
        email: c.email ?? '',
        phone: c.phone ?? '',
        billing_schedules: [],
        payment_methods: methods,
      });
      return { key, methodKeys: methods.map((m) => m.key) };
    },
    handle(apiKey, method, path, query) {
      if (method !== 'GET') return null;
      const strip = ({ apiKey: _k, ...rest }: TJson & { apiKey: string }) => rest;
      const mine = customers.filter((c) => c.apiKey === apiKey);
      if (path === 'customers') {
        // Default 20 a page (§3.1); CONSTRUCTED: more than 100 is cut to 100.
        const limit = Math.min(Number(query.get('limit') ?? 20) || 20, 100);
        const offset = Math.max(Number(query.get('offset') ?? 0) || 0, 0);
        return [200, { type: 'list', limit, offset, data: mine.slice(offset, offset + limit).map(strip), total: String(mine.length) }];
      }
      if (path.startsWith('customers/')) {
        const c = mine.find((x) => x.key === decodeURIComponent(path.slice('customers/'.length)));
        return c ? [200, strip(c)] : [404, { error: 'Customer not found', errorcode: 40001 }];
      }
      return null;
    },
  };
}
