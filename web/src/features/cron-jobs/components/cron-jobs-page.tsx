import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import type { TCronJob } from '@cd/contracts/cron-jobs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCronJobs } from '../api/get-cron-jobs';
import { useRunCronJob } from '../api/run-cron-job';
import { useUpdateCronJob } from '../api/update-cron-job';
import { CRON_JOB_FILTERS, cronJobFilterOf } from '../lib/cron-format';
import { CronJobRow } from './cron-job-row';
import { CronJobRunsDrawer } from './cron-job-runs-drawer';
import { RunCronJobDialog } from './run-cron-job-dialog';
import { PageTitle } from '../../../components/ui/page-title';

const COLUMNS = 6;

/**
 * /management/cron_jobs (super admins, issue 20): every recurring job of the product and every recurring report, with
 * schedule, switch, next and last run, "run now" (confirmed) and the history of runs (`?job=` opens it, shareable).
 * Live `cron_job` events refetch the list while a run starts and ends.
 */
export function CronJobsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = cronJobFilterOf(params.get('kind'));
  const historyOf = params.get('job');
  const jobs = useCronJobs();
  const update = useUpdateCronJob();
  const run = useRunCronJob();
  const [confirming, setConfirming] = useState<TCronJob | null>(null);
  const all = jobs.data?.member ?? [];
  const rows = filter === 'all' ? all : all.filter((j) => j.kind === filter);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'kind' },
    );

  const toggle = (job: TCronJob, enabled: boolean) =>
    update.mutate(
      { name: job.name, patch: { enabled } },
      { onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('cron_toggle_failed')) },
    );

  const openRun = (job: TCronJob) => {
    run.reset();
    setConfirming(job);
  };
  const confirmRun = () => {
    if (!confirming) return;
    const job = confirming;
    run.mutate(
      { name: job.name },
      {
        onSuccess: () => {
          toastSuccess(t('cron_run_queued', { name: job.name }));
          setConfirming(null);
        },
      },
    );
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }} data-testid="cron-jobs-page">
      <PageTitle title={t('menu_cron_jobs')} intro={t('cron_jobs_intro')} />
      <Tabs
        value={filter}
        onChange={(_e, next: string) => setParam('kind', next === 'all' ? null : next)}
        aria-label={t('cron_jobs_filter')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {CRON_JOB_FILTERS.map((f) => (
          <Tab key={f} value={f} label={t(`cron_filter_${f}`)} data-testid={`cron-filter-${f}`} />
        ))}
      </Tabs>
      {jobs.isError && !jobs.data ? (
        <LoadErrorAlert error={jobs.error} failedText={t('cron_jobs_load_failed')} onRetry={() => void jobs.refetch()} testId="cron-jobs-error" />
      ) : (
        <Paper variant="outlined">
          {jobs.isFetching && !jobs.isPending && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('menu_cron_jobs')} data-testid="cron-jobs-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('cron_col_job')}</TableCell>
                  <TableCell>{t('cron_col_schedule')}</TableCell>
                  <TableCell>{t('cron_col_enabled')}</TableCell>
                  <TableCell>{t('cron_col_next')}</TableCell>
                  <TableCell>{t('cron_col_last')}</TableCell>
                  <TableCell align="right">{t('cron_col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {jobs.isPending && <TableLoadingRows columns={COLUMNS} testId="cron-jobs-loading" />}
                {!jobs.isPending && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="cron-jobs-empty">
                      {t(filter === 'report' ? 'cron_jobs_empty_report' : 'cron_jobs_empty')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((job) => (
                  <CronJobRow
                    key={job.name}
                    job={job}
                    toggling={update.isPending && update.variables.name === job.name}
                    onToggle={toggle}
                    onRun={openRun}
                    onHistory={(j) => setParam('job', j.name)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <RunCronJobDialog job={confirming} busy={run.isPending} error={run.error} onConfirm={confirmRun} onClose={() => setConfirming(null)} />
      <CronJobRunsDrawer name={historyOf} onClose={() => setParam('job', null)} />
    </Box>
  );
}
