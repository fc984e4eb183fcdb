import { describe, expect, it } from 'vitest';
import { PaymentError } from './payment-error';
import { createSimulatorProcessor } from './simulator/simulator-processor';
import { createSimulatorStore, PAYMENT_KEY_TTL_MS, tokenizeSimulatorCard, type TSimulatorStore } from './simulator/simulator-store';

function setup(now = { t: Date.UTC(2026, 10, 28, 12) }) {
  const store = createSimulatorStore({ now: () => now.t });
  const processor = createSimulatorProcessor({ store, terminals: [{ serial: 'SN1', description: 'Front desk' }], terminalStepMs: 1000 });
  return { store, processor, now };
}

function key(store: TSimulatorStore, number: string, expiration = '12/30'): string {
  const r = tokenizeSimulatorCard({ store, number, expiration, cvc: '123' });
  if (!r.ok) throw new Error(r.error);
  return r.paymentKey;
}

let n = 0;
const attempt = () => ({ idempotencyKey: `a${++n}`, invoice: `INV-${n}` });

describe('simulator processor', () => {
  it('tokenises a card into a one-time key holding no card number, and refuses bad card data', () => {
    const { store } = setup();
    const r = tokenizeSimulatorCard({ store, number: '4000 1000 1111 2224', expiration: '0930', cvc: '123' });
    expect(r).toMatchObject({ ok: true, card: { brand: 'visa', last4: '2224' } });
    expect(JSON.stringify([...store.paymentKeys.values()])).not.toContain('40001000');
    expect(tokenizeSimulatorCard({ store, number: '4000100011112225', expiration: '0930', cvc: '123' })).toEqual({ ok: false, error: 'card_number_invalid' });
    expect(tokenizeSimulatorCard({ store, number: '4000100011112224', expiration: '1330', cvc: '123' })).toEqual({ ok: false, error: 'expiration_invalid' });
    expect(tokenizeSimulatorCard({ store, number: '4000100011112224', expiration: '0930', cvc: '12' })).toEqual({ ok: false, error: 'cvc_invalid' });
  });

  it('approves, declines, errors and partially approves by the shared test cards', async () => {
    const { store, processor } = setup();
    const sale = (number: string) => processor.sale({ source: { kind: 'payment_key', paymentKey: key(store, number) }, amountCents: 1000, ...attempt() });
    expect(await sale('4000100011112224')).toMatchObject({ outcome: 'approved', authorizedCents: 1000, card: { brand: 'visa', last4: '2224' } });
    expect(await sale('5555444433332226')).toMatchObject({ outcome: 'approved', card: { brand: 'mastercard' } });
    expect(await sale('4000300611112224')).toMatchObject({ outcome: 'declined', declineReason: 'insufficient_funds', authorizedCents: 0 });
    expect(await sale('4000300211112228')).toMatchObject({ outcome: 'declined', declineReason: 'do_not_honor' });
    expect(await sale('4000301511112223')).toMatchObject({ outcome: 'error' });
    expect(await sale('4000000011112283')).toMatchObject({ outcome: 'partial', authorizedCents: 750 });
    expect(await sale('4111111111111111')).toMatchObject({ outcome: 'approved' });
  });

  it('declines an expired card at charge time', async () => {
    const { store, processor } = setup();
    const tx = await processor.sale({ source: { kind: 'payment_key', paymentKey: key(store, '4000100011112224', '10/26') }, amountCents: 500, ...attempt() });
    expect(tx).toMatchObject({ outcome: 'declined', declineReason: 'expired_card' });
    const thisMonth = await processor.sale({
      source: { kind: 'payment_key', paymentKey: key(store, '4000100011112224', '11/26') },
      amountCents: 500,
      ...attempt(),
    });
    expect(thisMonth.outcome).toBe('approved');
  });

  it('answers a repeated idempotency key with the first result and never charges twice; a used or expired key charges nothing', async () => {
    const { store, processor, now } = setup();
    const paymentKey = key(store, '4000100011112224');
    const a = attempt();
    const [first, second] = await Promise.all([
      processor.sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1234, ...a }),
      processor.sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1234, ...a }),
    ]);
    expect(second).toMatchObject({ key: first.key, duplicate: true });
    expect([...store.transactions.values()].filter((t) => t.orderId === a.idempotencyKey)).toHaveLength(1);
    expect(await processor.findTransaction({ idempotencyKey: a.idempotencyKey })).toMatchObject({ key: first.key });
    const reused = await processor.sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1234, ...attempt() });
    expect(reused).toMatchObject({ outcome: 'error', errorCode: 'payment_key_invalid', authorizedCents: 0 });
    const late = key(store, '4000100011112224');
    now.t += PAYMENT_KEY_TTL_MS + 1;
    expect(await processor.sale({ source: { kind: 'payment_key', paymentKey: late }, amountCents: 100, ...attempt() })).toMatchObject({ outcome: 'error' });
  });

  it('saves a card for later token charges', async () => {
    const { store, processor } = setup();
    const first = await processor.sale({
      source: { kind: 'payment_key', paymentKey: key(store, '6011222233332224') },
      amountCents: 2000,
      saveCard: true,
      ...attempt(),
    });
    expect(first.savedCardToken).toMatch(/^tok_/);
    const monthly = await processor.sale({ source: { kind: 'token', token: first.savedCardToken! }, amountCents: 2000, ...attempt() });
    expect(monthly).toMatchObject({ outcome: 'approved', card: { brand: 'discover', last4: '2224' } });
    expect(await processor.sale({ source: { kind: 'token', token: 'tok_nope' }, amountCents: 2000, ...attempt() })).toMatchObject({ outcome: 'error' });
  });

  it('refunds within the authorised amount (replay-safe) and voids only an unrefunded sale', async () => {
    const { store, processor } = setup();
    const sale = await processor.sale({ source: { kind: 'payment_key', paymentKey: key(store, '4000100011112224') }, amountCents: 1000, ...attempt() });
    const r1 = await processor.refund({ transactionKey: sale.key, amountCents: 400, idempotencyKey: 'ref-1' });
    expect(r1).toMatchObject({ kind: 'refund', amountCents: 400 });
    expect(await processor.refund({ transactionKey: sale.key, amountCents: 400, idempotencyKey: 'ref-1' })).toMatchObject({ key: r1.key, duplicate: true });
    await expect(processor.refund({ transactionKey: sale.key, amountCents: 601, idempotencyKey: 'ref-2' })).rejects.toMatchObject({ kind: 'rejected' });
    expect(await processor.refund({ transactionKey: sale.key, idempotencyKey: 'ref-3' })).toMatchObject({ amountCents: 600 });
    await expect(processor.void({ transactionKey: sale.key })).rejects.toBeInstanceOf(PaymentError);
    const other = await processor.sale({ source: { kind: 'payment_key', paymentKey: key(store, '4000100011112224') }, amountCents: 1000, ...attempt() });
    expect(await processor.void({ transactionKey: other.key })).toMatchObject({ kind: 'void' });
    expect((await processor.getTransaction({ transactionKey: other.key }))?.settlement).toBe('voided');
    await expect(processor.refund({ transactionKey: other.key, idempotencyKey: 'ref-4' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('simulates a terminal: steps to complete, busy while running, cancel', async () => {
    const { processor, now } = setup();
    const [device] = await processor.listTerminals();
    expect(device).toMatchObject({ key: 'sim_SN1', name: 'Front desk', status: 'connected' });
    const req = await processor.createTerminalRequest({ deviceKey: 'sim_SN1', amountCents: 4500, ...attempt() });
    expect(req.state).toBe('pending');
    await expect(processor.createTerminalRequest({ deviceKey: 'sim_SN1', amountCents: 1, ...attempt() })).rejects.toMatchObject({ kind: 'busy' });
    now.t += 1500;
    expect((await processor.getTerminalRequest({ requestKey: req.key })).state).toBe('processing');
    now.t += 3000;
    expect(await processor.getTerminalRequest({ requestKey: req.key })).toMatchObject({
      state: 'complete',
      transaction: { outcome: 'approved', amountCents: 4500 },
    });
    const second = await processor.createTerminalRequest({ deviceKey: 'sim_SN1', amountCents: 100, ...attempt() });
    await processor.cancelTerminalRequest({ requestKey: second.key });
    expect((await processor.getTerminalRequest({ requestKey: second.key })).state).toBe('canceled');
    await expect(processor.createTerminalRequest({ deviceKey: 'sim_other', amountCents: 1, ...attempt() })).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('createPaymentProcessor', () => {
  it('picks the simulator when the server simulates, the real adapter otherwise, and null when payments are off', async () => {
    const { createPaymentProcessor } = await import('./payments');
    const store = createSimulatorStore();
    const settings = { provider: 'current' as const, enabled: true, apiKey: 'k'.repeat(32), pin: '1234', terminals: [{ serial: 'T1', assignedTo: [0] }] };
    expect(createPaymentProcessor({ settings, config: { simulate: true, simulatorStore: store } })?.provider).toBe('simulator');
    expect(await createPaymentProcessor({ settings, config: { simulate: true, simulatorStore: store } })!.listTerminals()).toMatchObject([
      { key: 'sim_T1', name: 'T1' },
    ]);
    expect(createPaymentProcessor({ settings, config: { simulate: false, simulatorStore: store } })?.provider).toBe('usaepay');
    expect(createPaymentProcessor({ settings: { ...settings, enabled: false }, config: { simulate: true, simulatorStore: store } })).toBeNull();
    expect(createPaymentProcessor({ settings: null, config: { simulate: true, simulatorStore: store } })).toBeNull();
    expect(() =>
      createPaymentProcessor({
        settings: { provider: 'next', enabled: true, appKey: 'a' },
        config: { simulate: false, simulatorStore: store, nextBaseUrl: 'http://x' },
      }),
    ).toThrow(PaymentError);
    expect(
      createPaymentProcessor({
        settings: { provider: 'next', enabled: true, appKey: 'a', apiSecret: 's' },
        config: { simulate: false, simulatorStore: store, nextBaseUrl: 'http://x' },
      })?.provider,
    ).toBe('next');
  });
});
