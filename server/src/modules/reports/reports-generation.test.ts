import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUsageMetricsSchema } from '@cd/contracts/analytics';
import { REPORT_LIMITS } from '@cd/contracts/reports';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { createReportDownloadUrl } from './report-links';
import { XLSX_MIME } from './report-xlsx';
import { sweepDueReports } from './reports-planning';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let s: TSeededCompany;
let admin: string;

const sqlRun = (app: TTestApp, query: ReturnType<typeof sql>) =>
  runInScope(app.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);
const publicGet = (url: string) => t.app.inject({ method: 'GET', url: url.replace('http://app.test', '') });

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  s = await seedCompany(t.db, { modules: { automotive: true } });
  await sqlRun(t, sql`update companies set timezone = 'Europe/Sarajevo' where id = ${s.companyId}`);
  admin = (await login(t.app, s.admin.email)).token;
});
afterAll(() => t.close());

async function generated(body: Record<string, unknown>) {
  const res = await call('POST', '/api/reports', admin, body);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.deps.jobs.drain();
  return (await call('GET', `/api/reports/${res.json().id}`, admin)).json();
}

describe('generation', () => {
  it('generates a one-time report: ready, PDF and workbook downloadable, figures readable, mailed with both files', async () => {
    const before = t.mails.length;
    const r = await generated({
      type: 'one_time',
      kind: 'usage_and_response_time',
      from: '2026-11-02',
      to: '2026-11-08',
      recipients: ['gm@dealer.example'],
      filters: { userIds: [s.agent.id], channels: ['sms_provider'] },
    });
    expect(r).toMatchObject({ status: 'ready', attempts: 1, error: null, files: { pdf: `/api/reports/${r.id}/pdf`, xlsx: `/api/reports/${r.id}/xlsx` } });
    expect(r.generatedAt).not.toBeNull();

    const pdf = await call('GET', r.files.pdf, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="report-${r.id}-2026-11-02-to-2026-11-08.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await call('GET', r.files.xlsx, admin);
    expect(xlsx.headers['content-type']).toBe(XLSX_MIME);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const data = (await call('GET', `/api/reports/${r.id}/data`, admin)).json();
    expect(ZUsageMetricsSchema.parse(data.metrics)).toMatchObject({ from: '2026-11-02', to: '2026-11-08', timeZone: 'Europe/Sarajevo' });
    expect(data.metrics.filters).toEqual({ userIds: [s.agent.id], channels: ['sms_provider'] });

    const mails = t.mails.slice(before).filter((m) => m.to === 'gm@dealer.example');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('Usage and response time report');
    expect(mail.text).toContain('Period: 2026-11-02 to 2026-11-08');
    expect(mail.text).toContain('Time zone: Europe/Sarajevo');
    expect(mail.text).toMatch(/Filters: Agents: agent .*; Channels: SMS/);
    expect(mail.attachments!.map((a) => [a.filename, a.contentType])).toEqual([
      [`report-${r.id}-2026-11-02-to-2026-11-08.pdf`, 'application/pdf'],
      [`report-${r.id}-2026-11-02-to-2026-11-08.xlsx`, XLSX_MIME],
    ]);
    expect(mail.attachments![0]!.content.equals(pdf.rawPayload)).toBe(true);

    // The mailed link downloads without signing in; a tampered or expired one does not.
    const link = mail.text.match(/PDF: (\S+)/)![1]!;
    const viaLink = await publicGet(link);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect((await publicGet(mail.text.match(/Excel: (\S+)/)![1]!)).headers['content-type']).toBe(XLSX_MIME);
    // Another first character (a fixed 'A' left a signature starting with 'A' intact: 1 run in 64 failed).
    expect((await publicGet(link.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`))).statusCode).toBe(403);
    expect((await publicGet(link.replace('/pdf?', '/xlsx?'))).statusCode).toBe(403);
    expect((await publicGet(link.replace(`/${r.id}/`, `/${r.id + 1}/`))).statusCode).toBe(403);
    expect((await publicGet(link.split('?')[0]!)).statusCode).toBe(403);
    const old = createReportDownloadUrl({
      config: t.app.deps.config,
      companyId: s.companyId,
      reportId: r.id,
      format: 'pdf',
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    expect((await publicGet(old)).statusCode).toBe(410);
  });

  it('runs a ready one-time report again: new files replace the old ones, the link of a deleted report is 404', async () => {
    const r = await generated({ type: 'one_time', kind: 'survey_results', period: 'mtd' });
    const first = (await call('GET', r.files.pdf, admin)).rawPayload;
    const run = await call('POST', `/api/reports/${r.id}/run`, admin, {});
    expect(run.statusCode).toBe(202);
    expect(run.json()).toMatchObject({ status: 'pending', attempts: 0, files: { pdf: null } });
    await t.app.deps.jobs.drain();
    const again = (await call('GET', `/api/reports/${r.id}`, admin)).json();
    expect(again.status).toBe('ready');
    expect((await call('GET', again.files.pdf, admin)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.length).toBeGreaterThan(0);
    const link = createReportDownloadUrl({ config: t.app.deps.config, companyId: s.companyId, reportId: r.id, format: 'pdf' });
    expect((await call('DELETE', `/api/reports/${r.id}`, admin)).statusCode).toBe(204);
    expect((await publicGet(link)).statusCode).toBe(404);
  });

  it("a recurring report's slot generates a child and mails it to every recipient with both files", async () => {
    const res = await call('POST', '/api/reports', admin, {
      type: 'recurring',
      kind: 'usage_and_response_time',
      period: 'last_7_days',
      schedule: { frequency: 'weekly', weekdays: ['monday', 'friday'], time: '07:00' },
      recipients: ['one@dealer.example', 'two@dealer.example'],
    });
    const parent = res.json();
    await sqlRun(t, sql`update reports set next_run_at = now() - interval '1 minute' where company_id = ${s.companyId} and id = ${parent.id}`);
    const before = t.mails.length;
    await sweepDueReports({ deps: t.app.deps, now: new Date() });
    await t.app.deps.jobs.drain();
    const children = (await call('GET', `/api/reports?parent=${parent.id}`, admin)).json().member;
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({ type: 'recurring_generated', status: 'ready', parent: parent['@id'] });
    const mails = t.mails.slice(before).filter((m) => m.subject.includes(children[0].from));
    expect(mails.map((m) => m.to).sort()).toEqual(['one@dealer.example', 'two@dealer.example']);
    for (const m of mails) expect(m.attachments!.map((a) => a.contentType)).toEqual(['application/pdf', XLSX_MIME]);
  });
});

describe('a failing generation', () => {
  it(`is tried again with its error visible, then stays failed after ${REPORT_LIMITS.attempts} attempts`, async () => {
    // Storage under a file: every write fails, as a full or read-only disk would.
    const broken = await createTestApp({ STORAGE_DIR: '/dev/null/reports' });
    try {
      const co = await seedCompany(broken.db);
      const tok = (await login(broken.app, co.admin.email)).token;
      const bcall = caller(broken);
      const id = (await bcall('POST', '/api/reports', tok, { type: 'one_time', kind: 'usage_and_response_time', period: 'today' })).json().id;
      const read = async () => (await bcall('GET', `/api/reports/${id}`, tok)).json();
      const due = () => sqlRun(broken, sql`update outbox_jobs set run_at = now() where kind = 'report:generate' and done_at is null`);
      await broken.app.deps.jobs.drain();
      const first = await read();
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.error).toMatch(/ENOTDIR|not a directory/i);
      const job = await sqlRun(broken, sql`select run_at > now() as later from outbox_jobs where kind = 'report:generate' and done_at is null`);
      expect(job).toEqual([{ later: true }]);
      for (let i = 1; i < REPORT_LIMITS.attempts; i++) {
        await due();
        await broken.app.deps.jobs.drain();
      }
      const failed = await read();
      expect(failed).toMatchObject({ status: 'failed', attempts: REPORT_LIMITS.attempts, files: { pdf: null, xlsx: null } });
      expect(failed.error).toMatch(/ENOTDIR|not a directory/i);
      expect(await sqlRun(broken, sql`select count(*)::int as n from outbox_jobs where kind = 'report:generate' and done_at is null`)).toEqual([{ n: 0 }]);
      // Run now starts the attempts over.
      const rerun = (await bcall('POST', `/api/reports/${id}/run`, tok, {})).json();
      expect(rerun).toMatchObject({ status: 'pending', attempts: 0, error: null });
    } finally {
      await broken.close();
    }
  });
});
