import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer';
import { reportMetricsFixture } from '../../../test/report-fixtures';
import { durationText, filtersText, periodText, type TReportDocumentInput } from './report-format';
import { verifyReportDownload } from './report-links';
import { composeReportMail } from './report-mail';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx, XLSX_MIME } from './report-xlsx';

const CONFIG = { encryptionKey: Buffer.alloc(32, 7), publicUrl: 'http://app.test' };

function docOf(over: Partial<TReportDocumentInput> = {}): TReportDocumentInput {
  return {
    reportId: 42,
    kind: 'usage_and_response_time',
    companyName: 'Demo Motors',
    period: 'last_7_days',
    from: '2026-11-09',
    to: '2026-11-22',
    timeZone: 'America/New_York',
    generatedAt: new Date('2026-11-23T12:00:00Z'),
    filters: { agents: [], channels: [] },
    metrics: reportMetricsFixture(),
    ...over,
  };
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('what a report says about itself', () => {
  it('states period, filters and durations the way a person reads them', () => {
    expect(periodText(docOf())).toBe('2026-11-09 to 2026-11-22 (Last 7 days)');
    expect(periodText({ period: null, from: '2026-01-05', to: '2026-01-05' })).toBe('2026-01-05');
    expect(filtersText({ agents: [], channels: [] })).toBe('All agents; all channels');
    expect(filtersText({ agents: ['Ana Kovač'], channels: ['sms_provider', 'whatsapp'] })).toBe('Agents: Ana Kovač; Channels: SMS, WhatsApp');
    expect([durationText(null), durationText(42.4), durationText(252), durationText(7500), durationText(3 * 86_400 + 4 * 3600)]).toEqual([
      '-',
      '42s',
      '4m 12s',
      '2h 05m',
      '3d 4h',
    ]);
  });
});

describe('the PDF', () => {
  it('renders the usage report over several pages, and a survey report focused on surveys', async () => {
    const usage = await renderReportPdf(docOf());
    expect(usage.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(usage)).toBeGreaterThanOrEqual(2);
    const survey = await renderReportPdf(docOf({ kind: 'survey_results' }));
    expect(pageCount(survey)).toBe(1);
    expect(survey.length).toBeLessThan(usage.length);
  });

  it('adds the response-target table only when a conversation had a target', async () => {
    const without = reportMetricsFixture();
    without.responseTargets = { waits: 0, warned: 0, breached: 0, metTarget: 0, withinTargetShare: null, perAgent: [], perChannel: [] };
    const [withTargets, none] = [await renderReportPdf(docOf()), await renderReportPdf(docOf({ metrics: without }))];
    expect(withTargets.length).toBeGreaterThan(none.length + 500);
  });

  it('copes with an empty period, a year of days, no surveys and hostile names', async () => {
    const empty = reportMetricsFixture({ surveys: false });
    empty.perAgent = [];
    empty.perChannel = [];
    empty.perDay = empty.perDay.map((d) => ({ ...d, inbound: 0, outboundHuman: 0, outboundAutomated: 0 }));
    expect((await renderReportPdf(docOf({ metrics: empty }))).subarray(0, 5).toString()).toBe('%PDF-');
    const year = reportMetricsFixture({ from: '2025-11-23', days: 366 });
    year.perAgent[0]!.name = '=HYPERLINK("http://evil.example")\u0000\u202e';
    expect(pageCount(await renderReportPdf(docOf({ metrics: year, companyName: 'Đurić & Sinovi d.o.o. 🚗' })))).toBeGreaterThan(5);
  });
});

describe('the workbook', () => {
  it('has the Summary, Per day, Per agent, Per channel and Surveys sheets, each headed by period, zone and filters', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderReportXlsx(docOf({ filters: { agents: ['Ana Kovač'], channels: [] } }))) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Per day', 'Per agent', 'Per channel', 'Response targets', 'Surveys']);
    const perDay = wb.getWorksheet('Per day')!;
    expect(perDay.getCell('A3').value).toBe('Period: 2026-11-09 to 2026-11-22 (Last 7 days)');
    expect(perDay.getCell('A4').value).toBe('Time zone: America/New_York · Filters: Agents: Ana Kovač; all channels');
    expect(perDay.getRow(6).values).toContain('Inbound');
    expect(perDay.getCell('A7').value).toBe('2026-11-09');
    expect(perDay.getCell('C7').value).toBe(28);
    expect(perDay.rowCount).toBe(6 + 14);
    const surveys = wb.getWorksheet('Surveys')!;
    expect(surveys.getCell('A10').value).toBe('All advisors');
    expect(surveys.getCell('B10').value).toBe(46);
    const targets = wb.getWorksheet('Response targets')!;
    expect(targets.getRow(6).values).toContain('Share within target');
    expect([7, 8, 9, 10].map((r) => targets.getCell(`A${r}`).value)).toEqual(['Ana Kovač', 'Marko Horvat', 'Nobody (unassigned)', 'All owners']);
    expect(targets.getRow(10).values).toEqual([undefined, 'All owners', 40, 35, 35 / 39, 7, 4]);
  });

  it('leaves the Response targets sheet out when no conversation had a target', async () => {
    const m = reportMetricsFixture();
    m.responseTargets = { waits: 0, warned: 0, breached: 0, metTarget: 0, withinTargetShare: null, perAgent: [], perChannel: [] };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderReportXlsx(docOf({ metrics: m }))) as never);
    expect(wb.worksheets.map((w) => w.name)).not.toContain('Response targets');
  });

  it('leaves the Surveys sheet out without surveys, and writes formula-like names as text', async () => {
    const m = reportMetricsFixture({ surveys: false });
    m.perAgent[0]!.name = '=cmd|"/c calc"!A1';
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderReportXlsx(docOf({ metrics: m }))) as never);
    expect(wb.worksheets.map((w) => w.name)).not.toContain('Surveys');
    expect(wb.getWorksheet('Per agent')!.getCell('A7').value).toBe('\'=cmd|"/c calc"!A1');
  });
});

describe('the mail', () => {
  it('the mail drop writes a real .eml with the PDF and the workbook as MIME attachments', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-report-mail-'));
    const doc = docOf();
    const pdf = await renderReportPdf(doc);
    const xlsx = await renderReportXlsx(doc);
    const mail = composeReportMail({ config: CONFIG, to: 'gm@dealer.example', companyId: 9, doc, pdf, xlsx, now: new Date('2026-11-23T12:00:00Z') });
    await createMailer({ dataDir, from: 'Courier Desk <no-reply@courier.example>' }).send(mail);
    const [file] = readdirSync(path.join(dataDir, 'mail'));
    const eml = readFileSync(path.join(dataDir, 'mail', file!), 'latin1');
    expect(eml).toMatch(/^To: gm@dealer\.example$/m);
    expect(eml).toMatch(/^MIME-Version: 1\.0$/m);
    const boundary = eml.match(/Content-Type: multipart\/mixed;\s*boundary="([^"]+)"/)![1]!;
    const parts = eml.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(3);
    const [textPart, pdfPart, xlsxPart] = parts;
    expect(textPart).toMatch(/Content-Type: text\/plain/);
    const decode = (part: string) =>
      Buffer.from(
        part
          .split(/\r\n\r\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      );
    expect(pdfPart).toMatch(/Content-Type: application\/pdf; name=report-42-2026-11-09-to-2026-11-22\.pdf/);
    expect(pdfPart).toMatch(/Content-Disposition: attachment;\s+filename=report-42-2026-11-09-to-2026-11-22\.pdf/);
    expect(decode(pdfPart!).equals(pdf)).toBe(true);
    expect(xlsxPart!.replace(/\r\n\s+/g, ' ')).toContain(`Content-Type: ${XLSX_MIME}; name=report-42-2026-11-09-to-2026-11-22.xlsx`);
    expect(decode(xlsxPart!).equals(xlsx)).toBe(true);
  });

  it('states period, zone and filters, and carries signed links that verify', () => {
    const doc = docOf({ filters: { agents: ['Ana Kovač'], channels: ['whatsapp'] } });
    const now = new Date('2026-11-23T12:00:00Z');
    const mail = composeReportMail({ config: CONFIG, to: 'gm@dealer.example', companyId: 9, doc, pdf: Buffer.from('%PDF-'), xlsx: Buffer.from('PK'), now });
    expect(mail.text).toContain('Period: 2026-11-09 to 2026-11-22 (Last 7 days)');
    expect(mail.text).toContain('Time zone: America/New_York');
    expect(mail.text).toContain('Filters: Agents: Ana Kovač; Channels: WhatsApp');
    const url = new URL(mail.text.match(/PDF: (\S+)/)![1]!);
    expect(url.pathname).toBe('/api/public/reports/9/42/pdf');
    const q = { expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') };
    expect(verifyReportDownload({ config: CONFIG, companyId: 9, reportId: 42, format: 'pdf', ...q, now })).toEqual({ ok: true });
    expect(verifyReportDownload({ config: CONFIG, companyId: 8, reportId: 42, format: 'pdf', ...q, now })).toEqual({ ok: false, reason: 'invalid' });
    expect(
      verifyReportDownload({ config: { ...CONFIG, encryptionKey: Buffer.alloc(32, 8) }, companyId: 9, reportId: 42, format: 'pdf', ...q, now }),
    ).toMatchObject({ ok: false });
    const later = new Date(now.getTime() + 8 * 86_400_000);
    expect(verifyReportDownload({ config: CONFIG, companyId: 9, reportId: 42, format: 'pdf', ...q, now: later })).toEqual({ ok: false, reason: 'expired' });
  });
});
