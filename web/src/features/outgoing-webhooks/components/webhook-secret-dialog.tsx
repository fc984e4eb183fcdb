import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRevealWebhookSecret } from '../api/get-webhook-secret';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';

interface TProps {
  endpoint: TWebhookEndpoint | null;
  /** A secret already known (just created): shown at once. The page mounts one dialog per endpoint (key). */
  initialSecret: string | null;
  onClose: () => void;
}

/** The signing secret: hidden until revealed, copyable, rolled after a confirmation. */
export function WebhookSecretDialog({ endpoint, initialSecret, onClose }: TProps) {
  const { t } = useTranslation();
  const reveal = useRevealWebhookSecret();
  const roll = useRollWebhookSecret();
  const [secret, setSecret] = useState<string | null>(initialSecret);
  const [confirmRoll, setConfirmRoll] = useState(false);
  // A roll's answer says how long the replaced secret keeps signing; before any roll here, the list's value does.
  const [graceUntil, setGraceUntil] = useState<string | null>(endpoint?.previousSecretExpiresAt ?? null);

  if (!endpoint) return null;
  const doReveal = () => reveal.mutate({ id: endpoint.id }, { onSuccess: (r) => setSecret(r.secret), onError: () => toastError(t('webhooks_secret_failed')) });
  const doRoll = () =>
    roll.mutate(
      { id: endpoint.id },
      {
        onSuccess: (r) => {
          setSecret(r.secret);
          setGraceUntil(r.previousSecretExpiresAt);
          setConfirmRoll(false);
          toastSuccess(t('webhooks_secret_rolled'));
        },
        onError: () => toastError(t('webhooks_secret_failed')),
      },
    );
  const copy = () =>
    secret &&
    void navigator.clipboard?.writeText(secret).then(
      () => toastSuccess(t('webhooks_secret_copied')),
      () => toastError(t('webhooks_secret_failed')),
    );

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title" data-testid="webhook-secret-dialog">
        <DialogTitle id="webhook-secret-title">{t('webhooks_secret_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('webhooks_secret_help')}</DialogContentText>
          {initialSecret && <Alert severity="info">{t('webhooks_secret_created')}</Alert>}
          {graceUntil && (
            <Alert severity="info" data-testid="webhook-secret-grace">
              {t('webhooks_secret_grace', { time: formatDateTime(graceUntil) })}
            </Alert>
          )}
          <Box
            sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', wordBreak: 'break-all', userSelect: secret ? 'all' : 'none' }}
            data-testid="webhook-secret-value"
          >
            {secret ?? '••••••••••••••••••••••••••••••••'}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {endpoint.url}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="error" onClick={() => setConfirmRoll(true)} disabled={roll.isPending} data-testid="webhook-secret-roll">
            {t('webhooks_secret_roll')}
          </Button>
          <Box sx={{ flex: 1 }} />
          {secret ? (
            <Button onClick={copy} data-testid="webhook-secret-copy">
              {t('webhooks_secret_copy')}
            </Button>
          ) : (
            <Button onClick={doReveal} disabled={reveal.isPending} data-testid="webhook-secret-reveal">
              {t('webhooks_secret_reveal')}
            </Button>
          )}
          <Button variant="contained" onClick={onClose} data-testid="webhook-secret-close">
            {t('close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmRoll}
        title={t('webhooks_secret_roll_title')}
        text={t('webhooks_secret_roll_text')}
        confirmLabel={t('webhooks_secret_roll')}
        busy={roll.isPending}
        onConfirm={doRoll}
        onClose={() => setConfirmRoll(false)}
      />
    </>
  );
}
