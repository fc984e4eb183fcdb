import type { TConfig } from '../../config';
import type { TMail } from '../../lib/mailer';
import { filtersText, KIND_TITLES, localDateTime, periodText, reportFileName, type TReportDocumentInput } from './report-format';
import { createReportDownloadUrl, REPORT_LINK_TTL_SECONDS } from './report-links';
import { XLSX_MIME } from './report-xlsx';

/**
 * The mail of a generated report: the PDF and the workbook attached, a signed link to download them again, and the
 * period, time zone and filters stated in the body (the same lines as the PDF's header).
 */
export function composeReportMail(opts: {
  config: Pick<TConfig, 'encryptionKey' | 'publicUrl'>;
  to: string;
  companyId: number;
  doc: Omit<TReportDocumentInput, 'metrics'>;
  pdf: Buffer;
  xlsx: Buffer;
  now?: Date;
}): TMail {
  const { doc } = opts;
  const link = (format: 'pdf' | 'xlsx') =>
    createReportDownloadUrl({ config: opts.config, companyId: opts.companyId, reportId: doc.reportId, format, now: opts.now });
  const title = KIND_TITLES[doc.kind];
  const text = [
    `${title} for ${doc.companyName}`,
    '',
    `Period: ${periodText(doc)}`,
    `Time zone: ${doc.timeZone}`,
    `Filters: ${filtersText(doc.filters)}`,
    `Generated: ${localDateTime(doc.generatedAt, doc.timeZone)}`,
    '',
    'The report is attached as a PDF and as an Excel workbook. Download them again:',
    `PDF: ${link('pdf')}`,
    `Excel: ${link('xlsx')}`,
    `(The links work for ${REPORT_LINK_TTL_SECONDS / 86_400} days.)`,
    '',
    'You receive this mail because a company admin added you as a recipient of this report in Courier Desk.',
  ].join('\n');
  return {
    to: opts.to,
    subject: `${title}: ${doc.companyName}, ${periodText(doc)}`,
    text,
    attachments: [
      { filename: reportFileName(doc, 'pdf'), content: opts.pdf, contentType: 'application/pdf' },
      { filename: reportFileName(doc, 'xlsx'), content: opts.xlsx, contentType: XLSX_MIME },
    ],
  };
}
