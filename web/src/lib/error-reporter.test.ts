import { describe, expect, it } from 'vitest';
import { buildEnvelope, createErrorReporter, parseStack } from './error-reporter';

function setup() {
  const sent: string[] = [];
  let clock = 1_700_000_000_000;
  let releaseCalls = 0;
  const reporter = createErrorReporter({
    send: async (e) => void sent.push(e),
    loadRelease: async () => {
      releaseCalls++;
      return 'rev-42';
    },
    now: () => clock,
    url: () => 'http://app.test/inbox',
  });
  return { reporter, sent, advance: (ms: number) => (clock += ms), releaseCalls: () => releaseCalls };
}

describe('error reporter', () => {
  it('sends the same error once a minute, different errors each', async () => {
    const { reporter, sent, advance, releaseCalls } = setup();
    expect(await reporter.report(new TypeError('boom'))).toBe(true);
    expect(await reporter.report(new TypeError('boom'))).toBe(false);
    advance(59_000);
    expect(await reporter.report(new TypeError('boom'))).toBe(false);
    expect(await reporter.report(new RangeError('boom'))).toBe(true);
    expect(await reporter.report('a string')).toBe(true);
    advance(1_001);
    expect(await reporter.report(new TypeError('boom'))).toBe(true);
    expect(sent).toHaveLength(4);
    // The release is asked once for the whole page.
    expect(releaseCalls()).toBe(1);
  });

  it('stops after a page budget, even for distinct errors', async () => {
    const { reporter, sent } = setup();
    for (let i = 0; i < 40; i++) await reporter.report(new Error(`e${i}`));
    expect(sent).toHaveLength(30);
  });

  it('builds an envelope whose item length matches the payload bytes', async () => {
    const { reporter, sent } = setup();
    const err = new Error('Ünïcode ✓');
    err.stack = 'Error: Ünïcode ✓\n    at inner (http://app.test/a.js:9:2)\n    at http://app.test/a.js:1:5';
    await reporter.report(err);
    const [header, itemHeader, payload, rest] = sent[0]!.split('\n');
    expect(JSON.parse(header!).event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(itemHeader!)).toEqual({ type: 'event', length: new TextEncoder().encode(payload!).length });
    const event = JSON.parse(payload!);
    expect(event).toMatchObject({ release: 'rev-42', request: { url: 'http://app.test/inbox' }, level: 'error' });
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'Ünïcode ✓' });
    expect(event.exception.values[0].stacktrace.frames).toEqual([
      { function: '?', filename: 'http://app.test/a.js', lineno: 1, colno: 5 },
      { function: 'inner', filename: 'http://app.test/a.js', lineno: 9, colno: 2 },
    ]);
    expect(rest).toBe('');
  });

  it('never throws when sending fails', async () => {
    const reporter = createErrorReporter({ send: () => Promise.reject(new Error('offline')), loadRelease: () => Promise.reject(new Error('offline')) });
    await expect(reporter.report(new Error('x'))).resolves.toBe(true);
  });

  it('reads Firefox stacks too', () => {
    expect(parseStack('handler@http://app.test/b.js:3:7\n@http://app.test/b.js:1:1')).toEqual([
      { function: '?', filename: 'http://app.test/b.js', lineno: 1, colno: 1 },
      { function: 'handler', filename: 'http://app.test/b.js', lineno: 3, colno: 7 },
    ]);
    expect(buildEnvelope({ facts: { type: 'E', message: 'm' }, release: null, url: '', now: 0 }).split('\n')).toHaveLength(4);
  });
});
