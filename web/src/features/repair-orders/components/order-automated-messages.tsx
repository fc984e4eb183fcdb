import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUTOMATED_MESSAGE_STATE_INFO, type TAutomatedMessage } from '@cd/contracts/automated-message';
import { formatDateTime } from '../../../lib/format';
import { useOrderAutomatedMessages } from '../api/get-automated-messages';
import { AUTOMATED_STATE_COLOR, automatedKindLabelKey } from '../lib/labels';
import { SectionTitle } from './section-title';

function MessageRow({ m }: { m: TAutomatedMessage }) {
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

/** What the engine sent (or holds, or skipped and why) for this order, newest first. */
export function OrderAutomatedMessages({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const query = useOrderAutomatedMessages(orderId);
  const list = [...(query.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="repair-order-automated-messages">
      <SectionTitle>{t('automated_messages_sent')}</SectionTitle>
      {query.isPending ? (
        <Skeleton height={64} />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('automated_messages_none')}
        </Typography>
      ) : (
        list.map((m) => <MessageRow key={m.id} m={m} />)
      )}
    </Paper>
  );
}
