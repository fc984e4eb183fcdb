import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TCronJob } from '@cd/contracts/cron-jobs';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';

/**
 * "Run now" asks first: the job runs outside its schedule (sending reminders, importing…). A refusal (409: it runs
 * already, or it is disabled) stays in the dialog in the server's words.
 */
export function RunCronJobDialog(props: { job: TCronJob | null; busy: boolean; error: unknown; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { job, busy, error } = props;
  const message = error ? (error instanceof ApiError ? describeError(error.body, translateMessage) : t('cron_run_failed')) : null;
  return (
    <Dialog open={job !== null} onClose={busy ? undefined : props.onClose} aria-labelledby="cron-run-title" data-testid="cron-run-dialog">
      <DialogTitle id="cron-run-title">{t('cron_run_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('cron_run_text', { name: job?.name ?? '' })}</DialogContentText>
        {message && (
          <Alert severity={error instanceof ApiError && error.status === 409 ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="cron-run-refused">
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={busy} data-testid="cron-run-confirm">
          {t('cron_run_now')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
