import { useState } from 'react';
import CloudDownload from '@mui/icons-material/CloudDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDmsSyncRun } from '@cd/contracts/dms-sync';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDmsSyncRuns } from '../api/get-dms-sync-runs';
import { useStartDmsSync } from '../api/start-dms-sync';
import { dmsImportErrorKey, dmsRunSummary } from '../lib/dms-import';

const STATE_COLORS = { running: 'info', done: 'success', failed: 'error' } as const;

/** The manual repair-order import (spec part 2 §7) and its latest runs. `enabled` false: the link is switched off. */
export function DmsImportBox({ companyId, enabled }: { companyId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const start = useStartDmsSync(companyId);
  // The refusal stays in the box (not a toast) so the admin can read it while fixing the settings.
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = () => {
    setRefusal(null);
    start.mutate(undefined, {
      onSuccess: (answer) => toastSuccess(t(answer.alreadyRunning ? 'dms_import_already_running' : 'dms_import_started')),
      onError: (err) => {
        const key = dmsImportErrorKey(err);
        // Other 409/422 answers are silenced too: show the server's own words for them.
        if (key) setRefusal(t(key));
        else if (err instanceof ApiError && (err.status === 409 || err.status === 422)) setRefusal(err.message);
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }} data-testid="dms-import">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('dms_import')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dms_import_hint')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          type="button"
          variant="contained"
          startIcon={<CloudDownload />}
          loading={start.isPending}
          disabled={!enabled}
          onClick={run}
          data-testid="dms-import-button"
        >
          {t('dms_import_now')}
        </Button>
        {!enabled && (
          <Typography variant="body2" color="text.secondary" data-testid="dms-import-disabled">
            {t('dms_import_needs_enabled')}
          </Typography>
        )}
      </Box>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setRefusal(null)} data-testid="dms-import-error">
          {refusal}
        </Alert>
      )}
      <DmsRuns companyId={companyId} />
    </Paper>
  );
}

function DmsRuns({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const runs = useDmsSyncRuns(companyId);
  return (
    <Box sx={{ mt: 3 }} data-testid="dms-runs">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('dms_runs')}
      </Typography>
      {runs.isPending && <CircularProgress size={20} />}
      {runs.isError && (
        <Typography variant="body2" color="error" data-testid="dms-runs-error">
          {t('dms_runs_error')}
        </Typography>
      )}
      {runs.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="dms-runs-empty">
          {t('dms_runs_empty')}
        </Typography>
      )}
      <Stack spacing={1}>
        {runs.data?.map((r) => (
          <DmsRunRow key={r.id} run={r} />
        ))}
      </Stack>
    </Box>
  );
}

function DmsRunRow({ run }: { run: TDmsSyncRun }) {
  const { t } = useTranslation();
  const counts = dmsRunSummary(run.counts);
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }} data-testid={`dms-run-${run.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" color={STATE_COLORS[run.state]} label={t(`dms_run_${run.state}`)} data-testid="dms-run-state" />
        <Typography variant="body2">{t('dms_run_started_at', { time: formatDateTime(run.startedAt) })}</Typography>
        {run.finishedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('dms_run_finished_at', { time: formatDateTime(run.finishedAt) })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(run.trigger === 'schedule' ? 'dms_run_scheduled' : 'dms_run_manual')}
        </Typography>
      </Box>
      {run.state === 'done' && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="dms-run-counts">
          {t('dms_run_counts', counts)}
        </Typography>
      )}
      {run.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="dms-run-error">
          {run.error}
        </Typography>
      )}
    </Box>
  );
}
