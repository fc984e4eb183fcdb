import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { TReport } from '@cd/contracts/reports';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from '../lib/report-format';

/** pending / generating / ready / failed (the error on hover or focus), or "active" for a recurring report. */
export function ReportStatusChip({ report }: { report: Pick<TReport, 'status' | 'error' | 'attempts'> }) {
  const { t } = useTranslation();
  const busy = report.status === 'generating' || report.status === 'pending';
  const chip = (
    <Chip
      size="small"
      variant={report.status === 'ready' || report.status === 'failed' ? 'filled' : 'outlined'}
      color={STATUS_COLOR[report.status]}
      label={t(`report_status_${report.status}`)}
      icon={busy ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      tabIndex={report.status === 'failed' ? 0 : undefined}
      data-testid="report-status"
      data-status={report.status}
    />
  );
  if (report.status !== 'failed') return chip;
  const reason = report.error ?? t('report_failed_unknown');
  return (
    <Tooltip title={t('report_failed_reason', { reason, attempts: report.attempts })} arrow>
      {chip}
    </Tooltip>
  );
}
