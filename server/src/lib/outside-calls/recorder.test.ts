import { afterEach, describe, expect, it } from 'vitest';
import type { TNewApiCall } from './api-calls.schema';
import { runWithCallSubject } from './call-subject';
import { droppedOutsideCalls, flushOutsideCalls, installOutsideCallSink, LOGGED_BODY_CHARS, recordOutsideCall, type TOutsideCall } from './recorder';

const TOKEN = 'sEcr3tT0kenValue9876';
const PAN = '4111111111111111';

function secretCall(over: Partial<TOutsideCall> = {}): TOutsideCall {
  return {
    vendor: 'twilio',
    operation: 'messages.create',
    method: 'post',
    url: `https://api.example/send?access_token=${TOKEN}`,
    status: 401,
    durationMs: 12.4,
    error: `rejected ${TOKEN}`,
    requestHeaders: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requestBody: JSON.stringify({ to: '+15550001111', password: 'hunter2hunter2', card: PAN }),
    responseHeaders: { 'set-cookie': `sid=${TOKEN}` },
    responseBody: `{"message":"bad token ${TOKEN}"}`,
    secrets: [TOKEN],
    ...over,
  };
}

const FORBIDDEN = [TOKEN, 'hunter2hunter2', PAN];
function expectNoSecret(rows: TNewApiCall[]) {
  const text = JSON.stringify(rows);
  for (const f of FORBIDDEN) expect(text, `"${f}" reached the writer`).not.toContain(f);
}

let remove: (() => Promise<void>) | null = null;
afterEach(async () => {
  await remove?.();
  remove = null;
});

describe('the outside-call recorder', () => {
  it('keeps the raw parts until the flush, then hands the writer only redacted rows with the subject of the call', async () => {
    const written: TNewApiCall[] = [];
    remove = installOutsideCallSink({ write: async (rows) => void written.push(...rows) });
    runWithCallSubject({ companyId: 77, subjectType: 'message', subjectId: 5 }, () => recordOutsideCall(secretCall()));
    // Flushed outside the subject's context: the company and subject recorded with the call still apply.
    await flushOutsideCalls();
    expect(written).toHaveLength(1);
    expectNoSecret(written);
    expect(written[0]).toMatchObject({ companyId: 77, subjectType: 'message', subjectId: 5, method: 'POST', durationMs: 12, status: 401 });
    expect(written[0]!.requestHeaders).toMatchObject({ authorization: '[redacted]' });
    expect(written[0]!.requestBody).toContain('+15550001111');
  });

  it('never writes anything unredacted when the write fails, and counts the lost rows', async () => {
    const seen: TNewApiCall[][] = [];
    let fail = true;
    const errors: unknown[] = [];
    remove = installOutsideCallSink({
      write: async (rows) => {
        seen.push(rows);
        if (fail) throw new Error(`db down, rows: ${JSON.stringify(rows)}`);
      },
      onError: (err) => errors.push(err),
    });
    const before = droppedOutsideCalls();
    for (let i = 0; i < 3; i++) recordOutsideCall(secretCall());
    await flushOutsideCalls();
    expect(droppedOutsideCalls() - before).toBe(3);
    expect(errors).toHaveLength(1);
    // Even the error (which a logger would print) carries only redacted rows.
    expect(String((errors[0] as Error).message)).not.toContain(TOKEN);
    fail = false;
    recordOutsideCall(secretCall());
    await flushOutsideCalls();
    for (const rows of seen) expectNoSecret(rows);
    expect(seen.at(-1)).toHaveLength(1);
  });

  it('drops rows past the buffer cap while the database is stuck, and writes only redacted ones when it returns', async () => {
    const written: TNewApiCall[] = [];
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    let first = true;
    remove = installOutsideCallSink({
      write: async (rows) => {
        if (first) {
          first = false;
          await stuck;
        }
        written.push(...rows);
      },
    });
    const before = droppedOutsideCalls();
    // 200 rows start a flush that hangs; then 10,000 fill the buffer and 50 more are dropped.
    for (let i = 0; i < 200; i++) recordOutsideCall(secretCall());
    await new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 10_050; i++) recordOutsideCall(secretCall({ operation: `op${i}` }));
    expect(droppedOutsideCalls() - before).toBe(50);
    release();
    await flushOutsideCalls();
    expect(written).toHaveLength(10_200);
    expectNoSecret(written);
  });

  it('clips a long body after redacting it whole: a secret past or across the clip never survives', async () => {
    const written: TNewApiCall[] = [];
    remove = installOutsideCallSink({ write: async (rows) => void written.push(...rows) });
    const filler = 'x'.repeat(LOGGED_BODY_CHARS - 20);
    // The password's value straddles the clip: clipping first would leave an unterminated JSON string behind.
    const body = JSON.stringify({ a: filler, password: `hunter2hunter2${'y'.repeat(100)}`, tail: TOKEN });
    recordOutsideCall(secretCall({ requestBody: body, responseBody: `${filler}${'z'.repeat(200)} token=${TOKEN}` }));
    await flushOutsideCalls();
    expectNoSecret(written);
    expect(written[0]!.requestBody!.length).toBeLessThanOrEqual(LOGGED_BODY_CHARS + 40);
    expect(written[0]!.requestBody).toContain('more characters]');
  });

  it('records nothing but the metrics without a sink, and never throws', async () => {
    expect(() => recordOutsideCall(secretCall({ vendor: undefined as unknown as string }))).not.toThrow();
    await flushOutsideCalls();
  });
});
