/**
 * The Payment Engine (card terminal) part of the fake USAePay gateway (protocols/dms-and-payments.md §3.6, §3.9 item 5):
 * device registration with a pairing code, simulated pairing, and the pay request state machine walking the
 * documented statuses with a configurable step, ending in complete, failed (declining device), timeout, or never
 * (a device nobody touches); busy → 21146, offline → 21145, unknown device → 21121.
 */
import { randomBytes } from 'node:crypto';

type TJson = Record<string, unknown>;

export type TFakeDeviceBehaviour = 'approve' | 'decline' | 'timeout' | 'never_finish';

interface TDevice {
  key: string;
  name: string;
  status: string;
  pairingCode: number | null;
  serial: string | null;
  behaviour: TFakeDeviceBehaviour;
}

interface TPayRequest<T> {
  key: string;
  deviceKey: string;
  amountCents: number;
  invoice: string | null;
  orderid: string | null;
  startedAt: number;
  /** The device's behaviour when the request was made (a later change affects later requests only). */
  behaviour: TFakeDeviceBehaviour;
  canceled: boolean;
  transaction: T | null;
}

/** The pay request statuses a device walks through, one per step (§3.6). */
const PAYREQUEST_STEPS = ['sent to device', 'waiting for card dip', 'processing payment', 'completing payment'];
const DONE = ['canceled', 'timeout', 'transaction complete', 'transaction failed'];

export interface TFakePaymentEngine {
  handle(method: string, rest: string, body: TJson): [number, unknown];
  addDevice(o: { name: string; serial: string; behaviour?: TFakeDeviceBehaviour; status?: string }): string;
  pairDevice(pairingCode: number, serial: string): boolean;
  setDevice(key: string, o: { behaviour?: TFakeDeviceBehaviour; status?: string }): void;
  setStepMs(ms: number): void;
}

export function createFakePaymentEngine<T>(deps: {
  /** Charges the card dipped on the device (the gateway's own sale path). */
  charge: (o: { cardNumber: string; amountCents: number; invoice: string | null; orderid: string | null }) => T;
  approved: (tx: T) => boolean;
  txJson: (tx: T) => TJson;
  cents: (value: unknown) => number | null;
  id: (n: number) => string;
  now: () => string;
}): TFakePaymentEngine {
  const devices = new Map<string, TDevice>();
  const payRequests = new Map<string, TPayRequest<T>>();
  let stepMs = 20;
  const pairingCode = () => 100000 + (randomBytes(3).readUIntBE(0, 3) % 900000);

  function payRequestJson(p: TPayRequest<T>): TJson {
    const step = Math.floor((Date.now() - p.startedAt) / stepMs);
    let status: string;
    if (p.canceled) status = 'canceled';
    else if (p.behaviour === 'never_finish') status = PAYREQUEST_STEPS[Math.min(step, 1)]!;
    else if (step < PAYREQUEST_STEPS.length) status = PAYREQUEST_STEPS[step]!;
    else if (p.behaviour === 'timeout') status = 'timeout';
    else {
      p.transaction ??= deps.charge({
        cardNumber: p.behaviour === 'decline' ? '4000300611112224' : '4000100011112224',
        amountCents: p.amountCents,
        invoice: p.invoice,
        orderid: p.orderid,
      });
      status = deps.approved(p.transaction) ? 'transaction complete' : 'transaction failed';
    }
    const done = status.startsWith('transaction ');
    return {
      type: 'request',
      key: p.key,
      status,
      expiration: deps.now(),
      ...(done && p.transaction ? { transaction: deps.txJson(p.transaction), complete: true } : {}),
    };
  }

  const busy = (deviceKey: string) => [...payRequests.values()].some((p) => p.deviceKey === deviceKey && !DONE.includes(String(payRequestJson(p).status)));

  function handle(method: string, rest: string, body: TJson): [number, unknown] {
    if (rest === 'devices' && method === 'GET') {
      const data = [...devices.values()].map((d) => ({
        type: 'device',
        key: d.key,
        name: d.name,
        status: d.status,
        ...(d.serial ? { terminal_info: { make: 'Castles', model: 'VEGA3000', serial: d.serial } } : {}),
      }));
      return [200, { type: 'list', limit: 100, offset: 0, data, total: String(data.length) }];
    }
    if (rest === 'devices' && method === 'POST') {
      const d: TDevice = {
        key: `sa_${deps.id(28)}`,
        name: String(body.name ?? ''),
        status: 'waiting for device pairing',
        pairingCode: pairingCode(),
        serial: null,
        behaviour: 'approve',
      };
      devices.set(d.key, d);
      return [200, { type: 'device', key: d.key, name: d.name, status: d.status, pairing_code: d.pairingCode, expiration: deps.now() }];
    }
    if (rest === 'payrequests' && method === 'POST') {
      const device = devices.get(String(body.devicekey ?? ''));
      if (!device) return [400, { error: `Unknown devicekey ${String(body.devicekey ?? '')}`, errorcode: 21121 }];
      if (device.status !== 'connected') return [400, { error: 'Device is currently offline.', errorcode: 21145 }];
      if (busy(device.key)) return [400, { error: 'Device is currently processing another transaction.', errorcode: 21146 }];
      const amount = deps.cents(body.amount);
      if (amount === null || amount <= 0) return [400, { error: 'Invalid amount', errorcode: 10 }];
      const p: TPayRequest<T> = {
        key: `pr_${deps.id(28)}`,
        deviceKey: device.key,
        amountCents: amount,
        invoice: typeof body.invoice === 'string' ? body.invoice : null,
        orderid: typeof body.orderid === 'string' ? body.orderid : null,
        startedAt: Date.now(),
        behaviour: device.behaviour,
        canceled: false,
        transaction: null,
      };
      payRequests.set(p.key, p);
      return [200, { type: 'request', key: p.key, expiration: deps.now(), status: 'sending to device' }];
    }
    const pr = /^payrequests\/([^/]+)$/.exec(rest);
    const p = pr ? payRequests.get(decodeURIComponent(pr[1]!)) : undefined;
    if (pr && !p) return [404, { error: 'Unknown request key', errorcode: 21122 }];
    if (p && method === 'GET') return [200, payRequestJson(p)];
    if (p && method === 'DELETE') {
      if (!String(payRequestJson(p).status).startsWith('transaction')) p.canceled = true;
      return [200, { status: 'success' }];
    }
    return [404, { error: 'Not found', errorcode: 0 }];
  }

  return {
    handle,
    addDevice(o) {
      const d: TDevice = {
        key: `sa_${deps.id(28)}`,
        name: o.name,
        status: o.status ?? 'connected',
        pairingCode: null,
        serial: o.serial,
        behaviour: o.behaviour ?? 'approve',
      };
      devices.set(d.key, d);
      return d.key;
    },
    pairDevice(code, serial) {
      const d = [...devices.values()].find((x) => x.pairingCode === code);
      if (!d) return false;
      Object.assign(d, { status: 'connected', pairingCode: null, serial });
      return true;
    },
    setDevice: (k, o) => void Object.assign(devices.get(k)!, o),
    setStepMs: (ms) => void (stepMs = ms),
  };
}
