import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TCronJob } from '@cd/contracts/cron-jobs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { formatDuration } from '../lib/cron-format';
import { CronRunOutcomeChip } from './cron-run-outcome-chip';

interface TProps {
  job: TCronJob;
  toggling: boolean;
  onToggle: (job: TCronJob, enabled: boolean) => void;
  onRun: (job: TCronJob) => void;
  onHistory: (job: TCronJob) => void;
}

/** One scheduled job: what it does, when it runs (words, pattern and zone), its switch, next and last run, actions. */
export function CronJobRow({ job, toggling, onToggle, onRun, onHistory }: TProps) {
  const { t } = useTranslation();
  const running = job.lastRun?.outcome === 'running';
  const runLabel = running ? t('cron_running_now') : job.enabled ? t('cron_run_now') : t('cron_disabled_hint');
  return (
    <TableRow data-testid="cron-job-row" data-job={job.name} data-kind={job.kind}>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 260, maxWidth: 420 }}>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          {job.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {job.description}
        </Typography>
        {job.kind === 'report' && job.companyId !== null && (
          <Typography variant="body2" data-testid="cron-job-company">
            <Link component={RouterLink} to={`/companies/${job.companyId}/general_data`}>
              {job.companyName ?? `#${job.companyId}`}
            </Link>
            {' · '}
            <Link component={RouterLink} to="/reports">
              {t('menu_reports')}
            </Link>
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 180 }} data-testid="cron-job-schedule">
        <Typography variant="body2">{job.scheduleText}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {job.cron} · {job.timeZone}
        </Typography>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Switch
          checked={job.enabled}
          disabled={toggling}
          onChange={(_e, on) => onToggle(job, on)}
          slotProps={{ input: { 'aria-label': t('cron_enabled_label', { name: job.name }), 'data-testid': 'cron-job-enabled' } as object }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} data-testid="cron-job-next">
        {job.enabled ? formatDateTime(job.nextRunAt) || '—' : t('cron_paused')}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }} data-testid="cron-job-last">
        {job.lastRun ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <CronRunOutcomeChip outcome={job.lastRun.outcome} error={job.lastRun.error} />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(job.lastRun.startedAt)}
              {job.lastRun.durationMs !== null && ` · ${formatDuration(job.lastRun.durationMs)}`}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('cron_never_ran')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} align="right">
        {/* A disabled button fires no events: the span keeps the tooltip (which says why) reachable. */}
        <Tooltip title={runLabel}>
          <span>
            <IconButton aria-label={runLabel} disabled={running || !job.enabled} onClick={() => onRun(job)} data-testid="cron-job-run">
              <PlayArrowOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('cron_history')}>
          <IconButton aria-label={t('cron_history_of', { name: job.name })} onClick={() => onHistory(job)} data-testid="cron-job-history">
            <HistoryOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
