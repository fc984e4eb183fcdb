import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime } from '../../../lib/format';
import { useCronJobRuns } from '../api/get-cron-job-runs';
import { formatDuration } from '../lib/cron-format';
import { CronRunOutcomeChip } from './cron-run-outcome-chip';

const COLUMNS = 4;

/** One job's run history, newest first, 30 at a time ("load more" follows the server's keyset link). */
export function CronJobRunsDrawer({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const runs = useCronJobRuns(name);
  const rows = runs.data?.pages.flatMap((p) => p.member) ?? [];

  return (
    <Drawer
      anchor="right"
      open={name !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 640 } }, 'aria-labelledby': 'cron-runs-title' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="cron-runs-title" variant="h6" component="h2">
            {t('cron_history')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }} noWrap>
            {name}
          </Typography>
        </Box>
        <IconButton aria-label={t('close')} onClick={onClose} data-testid="cron-runs-close">
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }} data-testid="cron-runs">
        {runs.isError && rows.length === 0 ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            data-testid="cron-runs-error"
            action={
              <Button color="inherit" size="small" onClick={() => void runs.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('cron_history_failed')}
          </Alert>
        ) : (
          <Table size="small" aria-labelledby="cron-runs-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('cron_run_started_at')}</TableCell>
                <TableCell>{t('cron_run_trigger')}</TableCell>
                <TableCell>{t('cron_run_duration')}</TableCell>
                <TableCell>{t('cron_run_outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.isPending && <TableLoadingRows columns={COLUMNS} testId="cron-runs-loading" />}
              {!runs.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="cron-runs-empty">
                    {t('cron_history_empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="cron-run-row" data-run-id={r.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(r.startedAt)}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {t(`cron_trigger_${r.trigger}`)}
                    {r.triggeredBy && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {r.triggeredBy}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDuration(r.durationMs) || '—'}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <CronRunOutcomeChip outcome={r.outcome} />
                    {r.error && (
                      <Typography
                        variant="caption"
                        color="error"
                        component="pre"
                        sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' }}
                        data-testid="cron-run-error"
                      >
                        {r.error}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {runs.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <Button onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage} data-testid="cron-runs-more">
              {runs.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
