import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TApiKeyCreated } from '@cd/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';

/** The new key's secret, once: a copy button and a plain warning that it cannot be shown again. */
export function ApiKeySecretDialog(props: { created: TApiKeyCreated | null; onClose: () => void }) {
  const { t } = useTranslation();
  const secret = props.created?.secret ?? '';
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => toastSuccess(t('copied')),
      () => toastError(t('copy_failed')),
    );
  return (
    <Dialog
      open={props.created !== null}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="api-key-secret-title"
      data-testid="api-key-secret-dialog"
    >
      <DialogTitle id="api-key-secret-title">{t('api_keys_secret_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">{t('api_keys_secret_once')}</Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1 }} data-testid="api-key-secret">
            {secret}
          </Typography>
          <Button variant="outlined" size="small" startIcon={<ContentCopy fontSize="small" />} onClick={copy} data-testid="api-key-copy">
            {t('copy')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('api_keys_secret_usage')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={props.onClose} data-testid="api-key-secret-done">
          {t('api_keys_secret_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
