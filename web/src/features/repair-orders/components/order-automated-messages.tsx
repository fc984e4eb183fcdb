import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUTOMATED_MESSAGE_STATE_INFO, type TAutomatedMessage } from '@cd/contracts/automated-message';
import { ApiError } from '../../../lib/api-client';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useAutomatedMessages } from '../api/get-automated-messages';
import { useSendAutomatedMessageNow } from '../api/send-automated-message-now';
import { AUTOMATED_STATE_COLOR, automatedKindLabelKey } from '../lib/labels';
import { canSendAutomatedMessageNow, mergeNewestFirst, scheduledAtOf } from '../lib/survey-view';
import { SectionTitle } from './section-title';

function MessageRow({ m, onSendNow }: { m: TAutomatedMessage; onSendNow: (() => void) | null }) {
  const { t } = useTranslation();
  const info = AUTOMATED_MESSAGE_STATE_INFO[m.state];
  const when = m.sentAt ?? m.heldUntil ?? m.dueAt ?? m.createdAt;
  return (
    <Box
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      data-testid={`automated-message-${m.id}`}
      data-kind={m.kind}
      data-state={m.state}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
          {t(automatedKindLabelKey(m.kind))}
        </Typography>
        <Chip size="small" color={AUTOMATED_STATE_COLOR[m.state]} label={t(`automated_message_state_${m.state}`)} />
        {m.messageStatus && (
          <Chip
            size="small"
            variant="outlined"
            label={t('delivery_state', { status: t(`status_${m.messageStatus}`) })}
            data-testid="automated-message-delivery"
          />
        )}
        {onSendNow && (
          <Button size="small" variant="outlined" onClick={onSendNow} data-testid={`automated-message-send-now-${m.id}`}>
            {t('automated_message_send_now')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t(m.reasonKey, { defaultValue: t(info.reasonKey, { defaultValue: info.text }) })}
        {m.heldUntil ? ` ${t('automated_message_retry_at', { time: formatDateTime(m.heldUntil) })}` : ''}
        {' · '}
        {formatDateTime(when)}
        {m.channel ? ` · ${t(`channel_${m.channel}`, { defaultValue: m.channel })}` : ''}
      </Typography>
      {m.error && (
        <Typography variant="caption" color="error">
          {m.error}
        </Typography>
      )}
      {m.content && (
        <Tooltip title={m.content}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ fontStyle: 'italic' }}>
            “{m.content}”
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}

/** Asks before a waiting message goes out early; a refusal (it went out or was cancelled meanwhile) stays in the dialog. */
function SendNowDialog({ message, onClose }: { message: TAutomatedMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendAutomatedMessageNow();
  const at = message ? scheduledAtOf(message) : null;
  const close = () => {
    send.reset();
    onClose();
  };
  const confirm = () =>
    message &&
    send.mutate(
      { id: message.id },
      {
        onSuccess: () => {
          toastSuccess(t('automated_message_sent_now_toast'));
          close();
        },
      },
    );
  const error = send.error instanceof ApiError ? t(send.error.message) : send.error ? t('repair_order_action_failed') : null;
  return (
    <Dialog open={!!message} onClose={send.isPending ? undefined : close} aria-labelledby="send-now-title" data-testid="automated-message-send-now-dialog">
      <DialogTitle id="send-now-title">{t('automated_message_send_now_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {at ? t('automated_message_send_now_text', { time: formatDateTime(at) }) : t('automated_message_send_now_text_no_time')}
        </DialogContentText>
        {error && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="automated-message-send-now-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={send.isPending}>
          {t(error ? 'close' : 'cancel')}
        </Button>
        {!error && (
          <Button variant="contained" onClick={confirm} disabled={send.isPending} data-testid="automated-message-send-now-confirm">
            {t('automated_message_send_now')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What the engine sent (or holds, or skipped and why) for this order and its survey, newest first. */
export function OrderAutomatedMessages({ orderId, surveyId }: { orderId: number; surveyId: number | null }) {
  const { t } = useTranslation();
  const isAdmin = isCompanyAdmin(useCurrentUser());
  const order = useAutomatedMessages({ entity: 'repair_order', id: orderId });
  const survey = useAutomatedMessages({ entity: 'survey', id: surveyId });
  const [sending, setSending] = useState<TAutomatedMessage | null>(null);
  // A survey the user may not read answers an empty list: the order's messages still show.
  const list = mergeNewestFirst([order.data, survey.data]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="repair-order-automated-messages">
      <SectionTitle>{t('automated_messages_sent')}</SectionTitle>
      {order.isPending ? (
        <Skeleton height={64} />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('automated_messages_none')}
        </Typography>
      ) : (
        list.map((m) => <MessageRow key={m.id} m={m} onSendNow={canSendAutomatedMessageNow({ message: m, isAdmin }) ? () => setSending(m) : null} />)
      )}
      <SendNowDialog message={sending} onClose={() => setSending(null)} />
    </Paper>
  );
}
