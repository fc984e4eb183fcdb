import AccessTime from '@mui/icons-material/AccessTime';
import Block from '@mui/icons-material/Block';
import CallReceived from '@mui/icons-material/CallReceived';
import Check from '@mui/icons-material/Check';
import DoneAll from '@mui/icons-material/DoneAll';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Replay from '@mui/icons-material/Replay';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import SmartToy from '@mui/icons-material/SmartToyOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMessage, TMessageStatus } from '@cd/contracts/message';
import { AttachmentList } from '../../../components/ui/attachment-list';
import { formatDateTime } from '../../../lib/format';
import { automatedLabelOf } from '../lib/automated-message-label';

const STATUS_ICON: Record<TMessageStatus, ReactNode> = {
  SENDING: <AccessTime sx={{ fontSize: 14 }} />,
  SENT: <Check sx={{ fontSize: 14 }} />,
  DELIVERED: <DoneAll sx={{ fontSize: 14 }} />,
  UNDELIVERED: <ErrorOutline sx={{ fontSize: 14 }} />,
  FAILED: <ErrorOutline sx={{ fontSize: 14 }} />,
  READ: <DoneAll sx={{ fontSize: 14 }} />,
  SEEN: <Visibility sx={{ fontSize: 14 }} />,
  RECEIVED: <CallReceived sx={{ fontSize: 14 }} />,
  scheduled: <ScheduleSend sx={{ fontSize: 14 }} />,
  blocked: <Block sx={{ fontSize: 14 }} />,
};

export function statusColor(status: TMessageStatus): 'error.main' | 'info.main' | 'text.secondary' | 'warning.main' {
  if (status === 'FAILED' || status === 'UNDELIVERED') return 'error.main';
  if (status === 'blocked') return 'warning.main';
  if (status === 'READ' || status === 'SEEN') return 'info.main';
  return 'text.secondary';
}

export function MessageStatus({ status }: { status: TMessageStatus }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: statusColor(status) }} data-testid="message-status">
      {STATUS_ICON[status]}
      <span>{t(`status_${status}`)}</span>
    </Box>
  );
}

interface TProps {
  message: TMessage;
  onResend?: (m: TMessage) => void;
  resending?: boolean;
  children?: ReactNode;
}

/** One message: outbound on the right in the primary colour, inbound on the left; meta line under it. */
export function MessageBubble({ message: m, onResend, resending, children }: TProps) {
  const { t } = useTranslation();
  const outbound = m.direction === 'OUTBOUND';
  const failed = m.status === 'FAILED' || m.status === 'UNDELIVERED';
  const at = m.sentAt ?? m.createdAt;
  const system = m.sender === 'system';
  const automated = automatedLabelOf(m);
  return (
    <Box
      data-testid={`message-${m.id}`}
      data-status={m.status}
      data-direction={m.direction}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: outbound ? 'flex-end' : 'flex-start', my: 0.5, px: { xs: 1, sm: 2 } }}
    >
      {(m.content?.trim() || !m.attachments?.length) && (
        <Box
          sx={(theme) => ({
            maxWidth: { xs: '85%', md: '70%' },
            px: 1.5,
            py: 1,
            borderRadius: 2.5,
            borderBottomRightRadius: outbound ? 4 : undefined,
            borderBottomLeftRadius: outbound ? undefined : 4,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: outbound
              ? failed
                ? alpha(theme.palette.error.main, 0.18)
                : m.status === 'scheduled'
                  ? alpha(theme.palette.primary.main, 0.14)
                  : theme.palette.primary.main
              : theme.palette.mode === 'dark'
                ? theme.palette.grey[800]
                : theme.palette.grey[200],
            color: outbound && !failed && m.status !== 'scheduled' ? theme.palette.primary.contrastText : theme.palette.text.primary,
            border: m.status === 'scheduled' ? `1px dashed ${theme.palette.primary.main}` : failed ? `1px solid ${alpha(theme.palette.error.main, 0.5)}` : 'none',
            fontStyle: system && !m.content ? 'italic' : undefined,
          })}
        >
          <Typography variant="body2" component="div" sx={{ fontSize: 14.5, lineHeight: 1.45 }}>
            {m.content?.trim() ? m.content : t('no_text')}
          </Typography>
        </Box>
      )}
      <AttachmentList attachments={m.attachments ?? []} alignEnd={outbound} />
      <Typography
        variant="caption"
        component="div"
        sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap', justifyContent: outbound ? 'flex-end' : 'flex-start', color: 'text.secondary', mt: 0.25, px: 0.5 }}
      >
        <Tooltip title={formatDateTime(at)}>
          <span>{dayjs(at).format('h:mm A')}</span>
        </Tooltip>
        {outbound && m.userName && <span>· {m.userName}</span>}
        {automated && (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'secondary.main', fontWeight: 600 }} data-testid="message-automated">
            · <SmartToy sx={{ fontSize: 14 }} /> {t('message_automated')}
            {automated.typeKey && <span data-testid="message-automated-type">&nbsp;· {t(automated.typeKey)}</span>}
          </Box>
        )}
        <span>· {t(`channel_${m.channel}`, { defaultValue: m.channel })}</span>
        <span>·</span>
        <MessageStatus status={m.status} />
        {failed && onResend && (
          <Button
            size="small"
            color="error"
            startIcon={<Replay sx={{ fontSize: 14 }} />}
            onClick={() => onResend(m)}
            disabled={resending}
            data-testid={`message-resend-${m.id}`}
            sx={{ py: 0, minHeight: 0, fontSize: 12 }}
          >
            {t('click_to_resend')}
          </Button>
        )}
      </Typography>
      {failed && m.error?.message && (
        <Typography variant="caption" color="error" sx={{ px: 0.5 }}>
          {m.error.message}
        </Typography>
      )}
      {children}
    </Box>
  );
}
