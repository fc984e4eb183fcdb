/**
 * USAePay Pay.js (protocols/dms-and-payments.md §3.4): `new usaepay.Client(publicKey)`, `createPaymentCardEntry()`,
 * `generateHTML(style)`, `addHTML(containerId)`, `getPaymentKey(card)`. The script is the processor's own, loaded from
 * its host at the moment the page needs it, so the card fields come "only and directly" from the processor (SAQ A).
 */
export interface TPayJsCard {
  generateHTML(style: object): void;
  addHTML(containerId: string): void;
  addEventListener(event: 'error', listener: (message: string) => void): void;
}
export interface TPayJsClient {
  createPaymentCardEntry(): TPayJsCard;
  getPaymentKey(card: TPayJsCard): Promise<unknown>;
}
export interface TPayJs {
  Client: new (publicKey: string) => TPayJsClient;
}

/** Production script; the sandbox one is https://sandbox.usaepay.com/js/v2/pay.js. */
export const PAY_JS_URL = 'https://www.usaepay.com/js/v2/pay.js';

let loading: Promise<TPayJs> | null = null;

export function loadPayJs(doc: Document = document): Promise<TPayJs> {
  const existing = (globalThis as { usaepay?: TPayJs }).usaepay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<TPayJs>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = PAY_JS_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (globalThis as { usaepay?: TPayJs }).usaepay;
      if (loaded) resolve(loaded);
      else reject(new Error('pay_js_missing'));
    };
    script.onerror = () => reject(new Error('pay_js_load_failed'));
    doc.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null; // a later visit may try again
    throw err;
  });
  return loading;
}

/**
 * getPaymentKey answers a bare key string in older integrations and `{key, type, creditcard}` or `{error: {message}}`
 * in newer ones (the protocol notes leave it UNCERTAIN): both are read.
 */
export function paymentKeyOf(result: unknown): { ok: true; key: string } | { ok: false; message: string } {
  if (typeof result === 'string' && result.trim()) return { ok: true, key: result.trim() };
  if (result && typeof result === 'object') {
    const r = result as { key?: unknown; error?: unknown };
    if (typeof r.key === 'string' && r.key) return { ok: true, key: r.key };
    if (r.error) {
      const e = r.error as { message?: unknown };
      return { ok: false, message: typeof e.message === 'string' ? e.message : typeof r.error === 'string' ? r.error : '' };
    }
  }
  return { ok: false, message: '' };
}
