import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOffer } from '@cd/contracts/offers';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useAudienceSize } from '../api/get-audience-size';
import { useScheduleOffer } from '../api/schedule-offer';
import { useSendOffer } from '../api/send-offer';
import { AudienceSize } from './audience-size';

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

function reasonOf(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

/**
 * The saved offer before it goes: its text, who it reaches now and who is left out; "Send now" asks first, stating the
 * count; or a time to send it. A refusal (or a send that failed) shows "The offer was not sent" with the reason.
 */
export function OfferReview({ offer, onBack, onDone }: { offer: TOffer; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const size = useAudienceSize(offer.id);
  const send = useSendOffer();
  const schedule = useScheduleOffer();
  const [confirming, setConfirming] = useState(false);
  const [when, setWhen] = useState(offer.scheduledAt ? dayjs(offer.scheduledAt).format(LOCAL_INPUT) : '');
  const [notSent, setNotSent] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const busy = send.isPending || schedule.isPending;
  const eligible = size.data?.eligible ?? 0;

  const sendNow = () =>
    send.mutate(offer.id, {
      onSuccess: (sent) => {
        setConfirming(false);
        if (sent.status === 'failed') return setNotSent(sent.failureReason ?? '');
        toastSuccess(t('offers_sent_toast', { count: eligible }));
        onDone();
      },
      onError: (err) => {
        setConfirming(false);
        setNotSent(reasonOf(err));
        void size.refetch();
      },
    });

  const scheduleAt = () => {
    const at = dayjs(when);
    if (!when || !at.isValid() || !at.isAfter(dayjs())) return setScheduleError(t('offers_schedule_future'));
    setScheduleError(null);
    schedule.mutate(
      { id: offer.id, scheduledAt: at.toISOString() },
      {
        onSuccess: (saved) => {
          toastSuccess(t('offers_scheduled_toast', { date: formatDateTime(saved.scheduledAt) }));
          onDone();
        },
        onError: (err) => setScheduleError(reasonOf(err)),
      },
    );
  };

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '4px !important' }} data-testid="offer-review-step">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Typography
            variant="body2"
            sx={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}
            data-testid="offer-review-message"
          >
            {offer.message}
          </Typography>
          {offer.imageUrl && <Box component="img" src={offer.imageUrl} alt={t('offers_image')} sx={{ height: 96, borderRadius: 1 }} />}
        </Box>
        <AudienceSize size={size} />
        {notSent !== null && (
          <Alert severity="error" data-testid="offer-not-sent">
            <AlertTitle>{t('offers_not_sent')}</AlertTitle>
            {notSent}
          </Alert>
        )}
        <Divider />
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('offers_schedule_at')}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={Boolean(scheduleError)}
            helperText={scheduleError ?? t('offers_schedule_help')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayjs().format(LOCAL_INPUT), 'data-testid': 'offer-schedule-at' } }}
          />
          <Button variant="outlined" startIcon={<ScheduleOutlined />} onClick={scheduleAt} disabled={busy || !when} data-testid="offer-schedule">
            {t('offers_schedule')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ArrowBackOutlined />} onClick={onBack} disabled={busy} data-testid="offer-back" sx={{ mr: 'auto' }}>
          {t('offers_back_to_edit')}
        </Button>
        <Button onClick={onDone} disabled={busy} data-testid="offer-save-draft">
          {t('offers_keep_draft')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendOutlined />}
          onClick={() => setConfirming(true)}
          disabled={busy || !size.data || eligible === 0}
          data-testid="offer-send-now"
        >
          {t('offers_send_now')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t('offers_send_confirm_title')}
        text={t('offers_send_confirm_text', { count: eligible, name: offer.name })}
        confirmLabel={t('offers_send_confirm', { count: eligible })}
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={sendNow}
      />
    </>
  );
}
