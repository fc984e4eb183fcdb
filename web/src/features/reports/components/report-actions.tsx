import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TReport } from '@cd/contracts/reports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDownloadReportFile, type TReportFileFormat } from '../api/download-report-file';
import { useRunReport } from '../api/run-report';
import { reportFileName } from '../lib/report-format';
import { saveBlob } from '../../../lib/save-blob';

function Action(props: { label: string; disabled?: boolean; busy?: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  const button = (
    <IconButton size="small" aria-label={props.label} disabled={props.disabled || props.busy} onClick={props.onClick} data-testid={props.testId}>
      {props.busy ? <CircularProgress size={18} /> : props.children}
    </IconButton>
  );
  // A disabled button fires no events: the span keeps the tooltip (which says why) reachable.
  return (
    <Tooltip title={props.label}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** A report's actions: download PDF / XLSX once ready, run now (not a generated run), delete (confirmed by the page). */
export function ReportActions({ report, onDelete, onRan }: { report: TReport; onDelete: (r: TReport) => void; onRan?: () => void }) {
  const { t } = useTranslation();
  const download = useDownloadReportFile();
  const run = useRunReport();
  const recurring = report.type === 'recurring';
  const ready = report.status === 'ready';

  const save = (format: TReportFileFormat) =>
    download.mutate(
      { id: report.id, format, path: report.files[format] },
      {
        onSuccess: (blob) => saveBlob({ blob, fileName: reportFileName({ report, format }) }),
        onError: () => toastError(t('report_download_failed')),
      },
    );
  const runNow = () =>
    run.mutate(
      { id: report.id },
      {
        onSuccess: () => {
          toastSuccess(t('report_run_started'));
          onRan?.();
        },
        onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, t) : t('report_run_failed')),
      },
    );
  const downloading = download.isPending ? download.variables.format : null;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }} data-testid="report-actions">
      {!recurring && (
        <>
          <Action
            label={ready ? t('report_download_pdf') : t('report_not_ready')}
            disabled={!ready}
            busy={downloading === 'pdf'}
            onClick={() => save('pdf')}
            testId="report-download-pdf"
          >
            <PictureAsPdfOutlined fontSize="small" />
          </Action>
          <Action
            label={ready ? t('report_download_xlsx') : t('report_not_ready')}
            disabled={!ready}
            busy={downloading === 'xlsx'}
            onClick={() => save('xlsx')}
            testId="report-download-xlsx"
          >
            <TableChartOutlined fontSize="small" />
          </Action>
        </>
      )}
      {report.type !== 'recurring_generated' && (
        <Action label={t('report_run_now')} disabled={report.status === 'generating'} busy={run.isPending} onClick={runNow} testId="report-run">
          <PlayArrowOutlined fontSize="small" />
        </Action>
      )}
      <Action label={t('delete')} onClick={() => onDelete(report)} testId="report-delete">
        <DeleteOutlined fontSize="small" />
      </Action>
    </Box>
  );
}
