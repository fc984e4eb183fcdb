import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { TWebhookRequestDetail } from '@cd/contracts/dev-logs';
import { ApiError } from '../../../lib/api-client';
import { useReplayWebhookRequest } from '../api/replay-webhook-request';
import { OutcomeChip, VerificationChip } from './status-chips';

/**
 * Confirms a replay: it runs the handler again on the stored body (handlers are idempotent, so a message already
 * stored is not stored twice). Success shows the new entry; failure shows the server's reason, both in the dialog.
 */
export function ReplayDialog(props: { entry: { id: number; replayCount: number }; open: boolean; onClose: () => void; onOpenEntry: (id: number) => void }) {
  const { t } = useTranslation();
  const replay = useReplayWebhookRequest();
  const result: TWebhookRequestDetail | undefined = replay.data;
  const close = () => {
    replay.reset();
    props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={replay.isPending ? undefined : close}
      aria-labelledby="replay-dialog-title"
      data-testid="replay-dialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="replay-dialog-title">{t('dev_replay_title', { id: props.entry.id })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('dev_replay_explain')}</DialogContentText>
        {props.entry.replayCount > 0 && (
          <DialogContentText data-testid="replay-dialog-count">{t('dev_replay_count', { n: props.entry.replayCount })}</DialogContentText>
        )}
        {replay.isError && (
          <Alert severity="error" data-testid="replay-dialog-error">
            {replay.error instanceof ApiError ? replay.error.message : t('dev_replay_failed')}
          </Alert>
        )}
        {result && (
          <Alert
            severity={result.outcome === 'failed' ? 'warning' : 'success'}
            data-testid="replay-dialog-result"
            action={
              <Button color="inherit" size="small" onClick={() => props.onOpenEntry(result.id)} data-testid="replay-dialog-open">
                {t('dev_replay_open')}
              </Button>
            }
          >
            {t('dev_replay_done', { id: result.id, status: result.status })} <VerificationChip value={result.verification} />{' '}
            <OutcomeChip value={result.outcome} />
            {result.error && <div>{result.error}</div>}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={close} disabled={replay.isPending} data-testid="replay-dialog-cancel">
          {result ? t('close') : t('cancel')}
        </Button>
        {!result && (
          <Button
            type="button"
            variant="contained"
            onClick={() => replay.mutate({ id: props.entry.id })}
            disabled={replay.isPending}
            startIcon={replay.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="replay-dialog-confirm"
          >
            {t('dev_replay')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
