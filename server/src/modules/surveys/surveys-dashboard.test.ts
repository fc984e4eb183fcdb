import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller, seedOrderWorld } from '../../../test/repair-order-fixtures';

/**
 * The dashboard against a hand-made fixture (issue 14 "filters and stats against hand-computed fixtures"): six
 * surveys of one company in Chicago, written straight to the table, and what each filter and figure must say.
 */
let t: TTestApp;
let s: TSeededCompany;
let token: string;
let customerId: number;
const ids: Record<string, number> = {};

const TZ = 'America/Chicago';
// November 2026 in Chicago (UTC−6).
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  token = (await login(t.app, s.admin.email)).token;
  const w = await seedOrderWorld(t, s, token, { order: false });
  customerId = w.customerId;
  await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update companies set timezone = ${TZ} where id = ${s.companyId}`));
  const rows: [name: string, sentAt: string, answeredAt: string | null, answer: boolean | null, comment: string | null, resolved: boolean, google: boolean][] =
    [
      // Day 1 (Nov 2 local): positive in 1 h, with a comment and a Google click; pending.
      ['p1', '2026-11-02T15:00:00Z', '2026-11-02T16:00:00Z', true, 'Quick and friendly', false, true],
      ['pending1', '2026-11-02T16:00:00Z', null, null, null, false, false],
      // Day 2 (Nov 3 local): negative unresolved in 3 h with a comment; negative resolved in 2 h.
      ['n1', '2026-11-03T15:00:00Z', '2026-11-03T18:00:00Z', false, '=HYPERLINK("http://evil")', false, false],
      ['n2', '2026-11-03T17:00:00Z', '2026-11-03T19:00:00Z', false, null, true, true],
      // Nov 4, 00:30 local (06:30Z): counts on Nov 4 in Chicago although it is Nov 4 in UTC too; positive in 4 h.
      ['p2', '2026-11-04T06:30:00Z', '2026-11-04T10:30:00Z', true, null, false, false],
      // Out of the range below (October).
      ['old', '2026-10-20T15:00:00Z', '2026-10-20T16:00:00Z', false, 'Old', false, false],
    ];
  await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
    for (const [name, sentAt, answeredAt, answer, comment, resolved, google] of rows) {
      const r =
        await tx.execute(sql`insert into surveys (company_id, customer_id, state, due_at, sent_at, answered_at, answer, comment, resolved_at, google_clicked_at)
        values (${s.companyId}, ${customerId}, ${answeredAt ? 'completed' : 'pending'}, ${at(sentAt)}, ${at(sentAt)}, ${answeredAt ? at(answeredAt) : null},
          ${answer}, ${comment}, ${resolved ? at('2026-11-05T12:00:00Z') : null}, ${google ? at(answeredAt!) : null}) returning id`);
      ids[name] = Number((r.rows[0] as { id: string }).id);
    }
    // A planned and a cancelled survey are never listed nor counted.
    await tx.execute(
      sql`insert into surveys (company_id, customer_id, state, due_at) values (${s.companyId}, ${customerId}, 'planned', now() + interval '1 day')`,
    );
    await tx.execute(
      sql`insert into surveys (company_id, customer_id, state, due_at, cancel_reason) values (${s.companyId}, ${customerId}, 'cancelled', now(), 'x')`,
    );
  });
});
afterAll(() => t.close());

const RANGE = 'message.sentAt[after]=2026-11-01T00:00:00&message.sentAt[before]=2026-12-01T00:00:00';
const list = async (query: string, tok = token) => {
  const res = await caller(t)('GET', `/api/surveys?customer=${customerId}&${query}`, tok);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { member: { id: number }[]; totalItems: number; view: { next?: string } };
};
const namesOf = (member: { id: number }[]) => member.map((m) => Object.entries(ids).find(([, id]) => id === m.id)![0]);

describe('the survey list and its filters', () => {
  it('lists sent surveys newest first, in the range read in the company time zone', async () => {
    const all = await list(RANGE);
    expect(namesOf(all.member)).toEqual(['p2', 'n2', 'n1', 'pending1', 'p1']);
    expect(all.totalItems).toBe(5);
    expect(namesOf((await list('')).member)).toEqual(['p2', 'n2', 'n1', 'pending1', 'p1', 'old']);
    // 2026-11-04T00:00 in Chicago is 06:00Z: p2 (06:30Z) is on the 4th.
    expect(namesOf((await list('message.sentAt[after]=2026-11-04T00:00:00')).member)).toEqual(['p2']);
    expect(namesOf((await list('message.sentAt[before]=2026-11-04T00:00:00&message.sentAt[after]=2026-11-03T00:00:00')).member)).toEqual(['n2', 'n1']);
  });

  it('filters completed, pending, positive, negative, comments and unresolved as the spec says', async () => {
    const cases: [string, string[]][] = [
      ['exists[answer]=true', ['p2', 'n2', 'n1', 'p1']],
      ['exists[answer]=false', ['pending1']],
      ['answer=true', ['p2', 'p1']],
      ['answer=false', ['n2', 'n1']],
      ['exists[comment]=true', ['n1', 'p1']],
      ['answer=false&exists[resolvedAt]=false', ['n1']],
      ['exists[resolvedAt]=false', ['n1']],
      ['exists[resolvedAt]=true', ['n2']],
    ];
    for (const [query, expected] of cases) {
      const page = await list(`${RANGE}&${query}`);
      expect(namesOf(page.member), query).toEqual(expected);
      expect(page.totalItems, query).toBe(expected.length);
    }
  });

  it('pages by the keyset in view.next without skipping or repeating, in a constant number of statements', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/api/surveys?customer=${customerId}&${RANGE}&itemsPerPage=2`;
    while (url) {
      const res = await caller(t)('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...namesOf(res.json().member));
      url = res.json().view.next;
    }
    expect(seen).toEqual(['p2', 'n2', 'n1', 'pending1', 'p1']);
    const one = await countStatements(t, () => caller(t)('GET', `/api/surveys?itemsPerPage=1`, token));
    const many = await countStatements(t, () => caller(t)('GET', `/api/surveys?itemsPerPage=100`, token));
    expect(many).toBe(one);
  });

  it('exports the filtered list as CSV, with formula-looking cells made text', async () => {
    const res = await caller(t)('GET', `/api/surveys/export.csv?customer=${customerId}&${RANGE}&answer=false`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="surveys-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,sent_at,customer/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain(',negative,');
  });
});

describe('the survey stats', () => {
  it('adds up the range as computed by hand', async () => {
    const res = await caller(t)('GET', '/api/surveys/stats?from=2026-11-01T00:00:00&to=2026-12-01T00:00:00', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-11-01T05:00:00.000Z',
      to: '2026-12-01T06:00:00.000Z',
      sent: 5,
      completed: 4,
      pending: 1,
      positive: 2,
      negative: 2,
      unresolved: 1,
      withComment: 2,
      responseRate: 0.8,
      positiveShare: 0.5,
      score: 0,
      // Answer times 1 h, 3 h, 2 h, 4 h: the median is 2.5 h.
      medianSecondsToAnswer: 9000,
      reviewClicks: { google: 2, yelp: 0, facebook: 0 },
      daily: [
        { day: '2026-11-02', sent: 2, completed: 1, positive: 1, negative: 0 },
        { day: '2026-11-03', sent: 2, completed: 2, positive: 0, negative: 2 },
        { day: '2026-11-04', sent: 1, completed: 1, positive: 1, negative: 0 },
      ],
    });
  });

  it('answers empty figures for an empty range, and refuses a range that ends before it starts', async () => {
    const empty = (await caller(t)('GET', '/api/surveys/stats?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z', token)).json();
    expect(empty).toMatchObject({ sent: 0, completed: 0, responseRate: null, positiveShare: null, score: null, medianSecondsToAnswer: null, daily: [] });
    expect((await caller(t)('GET', '/api/surveys/stats?from=2026-12-01T00:00:00&to=2026-11-01T00:00:00', token)).statusCode).toBe(400);
    // A century of days is refused rather than grouped.
    expect((await caller(t)('GET', '/api/surveys/stats?from=1900-01-01T00:00:00&to=2100-01-01T00:00:00', token)).json().detail).toBe('survey_range_too_long');
  });
});

describe('who may see the dashboard, and bad input', () => {
  it('is for company admins: an agent gets 403 on the list, the stats and the export', async () => {
    const agent = (await login(t.app, s.agent.email)).token;
    for (const url of ['/api/surveys', '/api/surveys/stats?from=2026-11-01T00:00:00&to=2026-12-01T00:00:00', '/api/surveys/export.csv']) {
      expect((await caller(t)('GET', url, agent)).statusCode, url).toBe(403);
    }
    expect((await caller(t)('GET', `/api/surveys/${ids.n1}`, agent)).statusCode).toBe(404);
    expect((await caller(t)('PUT', `/api/surveys/${ids.n1}/resolve`, agent, {})).statusCode).toBe(404);
  });

  it('answers 400 to malformed filters, never 500', async () => {
    const bad = [
      '/api/surveys?message.sentAt[after]=yesterday',
      '/api/surveys?message.sentAt[after]=2026-13-45T99:99:99',
      '/api/surveys?exists[answer]=maybe',
      '/api/surveys?answer=%00',
      '/api/surveys?itemsPerPage=0',
      '/api/surveys?itemsPerPage=100000',
      '/api/surveys?id[lt]=-1',
      '/api/surveys?message.sentAt[strictly_before]=.*',
      '/api/surveys?customer=/api/users/1',
      `/api/surveys?message.sentAt[after]=${'9'.repeat(5000)}`,
      '/api/surveys/stats?from=2026-11-01T00:00:00',
      '/api/surveys/stats?from=x&to=y',
      '/api/surveys/abc',
    ];
    for (const url of bad) {
      const res = await caller(t)('GET', url, token);
      expect([400, 404], `${url}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
    }
    const note = await caller(t)('PUT', `/api/surveys/${ids.n1}/resolve`, token, { note: 'x'.repeat(2001) });
    expect([400, 422]).toContain(note.statusCode);
    const extra = await caller(t)('PUT', `/api/surveys/${ids.n1}/resolve`, token, { note: 'ok', resolvedAt: '2020-01-01T00:00:00Z' });
    expect([400, 422]).toContain(extra.statusCode);
  });
});

describe('sending a planned automated message now', () => {
  it('moves it to now for a company admin, once; refuses agents and messages no longer waiting', async () => {
    const call = caller(t);
    // A company of its own: the survey it sends must not land in the fixture above.
    const other = await seedCompany(t.db);
    const otherToken = (await login(t.app, other.admin.email)).token;
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(
        sql`update companies set survey_settings = survey_settings || '{"daysAfter": 3, "text": "Rate us {survey_url}"}'::jsonb where id = ${other.companyId}`,
      ),
    );
    const w = await seedOrderWorld(t, other, otherToken);
    const token = otherToken;
    const s = other;
    // This customer has no survey yet: closing plans one three days out.
    const closed = (await call('PUT', `/api/repair_orders/${w.orderId}/close`, token, {})).json();
    const surveyId = Number(closed.survey.split('/').pop());
    const [message] = (await call('GET', `/api/automated_messages?entity=survey&entityId=${surveyId}`, token)).json().member;
    expect(message.state).toBe('planned');
    const agent = (await login(t.app, s.agent.email)).token;
    expect((await call('PUT', `/api/automated_messages/${message.id}/send_now`, agent, {})).statusCode).toBe(403);
    const now = await call('PUT', `/api/automated_messages/${message.id}/send_now`, token, {});
    expect(now.statusCode, now.body).toBe(200);
    expect(new Date(now.json().dueAt).getTime()).toBeLessThanOrEqual(Date.now());
    await t.app.deps.jobs.drain();
    const after = (await call('GET', `/api/automated_messages?entity=survey&entityId=${surveyId}`, token)).json().member;
    expect(after.find((m: { kind: string }) => m.kind === 'survey').state).toBe('sent');
    expect((await call('PUT', `/api/automated_messages/${message.id}/send_now`, token, {})).statusCode).toBe(409);
    const thread = (await call('GET', `/api/messages?customer=${w.customerId}`, token)).json().member as { content: string }[];
    expect(thread.filter((m) => m.content.startsWith('Rate us'))).toHaveLength(1);
  });
});
