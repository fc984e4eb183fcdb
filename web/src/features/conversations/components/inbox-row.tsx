import { memo, type CSSProperties } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { customerDisplayName, type TCustomer } from '@cd/contracts/customer';
import { formatPhone } from '../../../lib/format';
import { listTime } from '../../../lib/message-time';
import { CustomerAvatar } from './customer-avatar';

export const INBOX_ROW_HEIGHT = 78;

interface TProps {
  customer: TCustomer;
  style: CSSProperties;
  selected: boolean;
  active: boolean;
  ownerName: string | null;
  archived: boolean;
  onOpen: (c: TCustomer) => void;
  onUnarchive: (c: TCustomer) => void;
  unarchiving: boolean;
  now: Date;
}

export function useListTimeLabel() {
  const { t } = useTranslation();
  return (iso: string | null | undefined, now: Date) => {
    const v = listTime(iso, now);
    switch (v.kind) {
      case 'none':
        return '';
      case 'now':
        return t('time_just_now');
      case 'minutes':
        return t('time_minutes_ago', { count: v.count });
      case 'hours':
        return t('time_hours_ago', { count: v.count });
      default:
        return v.text;
    }
  };
}

export const InboxRow = memo(function InboxRow({ customer, style, selected, active, ownerName, archived, onOpen, onUnarchive, unarchiving, now }: TProps) {
  const { t } = useTranslation();
  const timeLabel = useListTimeLabel();
  const unread = !customer.read;
  const name = customerDisplayName(customer);
  const last = customer.lastMessage;
  const preview = last
    ? `${last.direction === 'OUTBOUND' ? `${t('you')}: ` : ''}${last.content?.trim() || (last.hasAttachments ? t('attachment') : '')}`
    : t('no_messages_yet');
  return (
    <Box
      role="option"
      id={`inbox-option-${customer.id}`}
      aria-selected={selected}
      data-testid={`inbox-row-${customer.id}`}
      data-unread={unread ? 'true' : 'false'}
      onClick={() => onOpen(customer)}
      style={style}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.1) : 'transparent',
        outline: active ? `2px solid ${theme.palette.primary.main}` : 'none',
        outlineOffset: -2,
        '&:hover': { bgcolor: selected ? undefined : theme.palette.action.hover },
      })}
    >
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        <CustomerAvatar customer={customer} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography noWrap sx={{ fontWeight: unread ? 700 : 500, flex: 1, minWidth: 0 }} title={name}>
            {name}
          </Typography>
          <Typography
            variant="caption"
            noWrap
            sx={{ flexShrink: 0, color: unread ? 'primary.main' : 'text.secondary', fontWeight: unread ? 600 : 400 }}
            title={customer.bumpedAt ?? undefined}
          >
            {timeLabel(last?.createdAt ?? customer.bumpedAt, now)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {last?.hasAttachments && <AttachFile sx={{ fontSize: 14, color: 'text.secondary' }} aria-label={t('attachment')} />}
          <Typography
            variant="body2"
            noWrap
            sx={{ flex: 1, minWidth: 0, color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400 }}
          >
            {preview}
          </Typography>
          {unread && (
            <Box
              component="span"
              aria-label={t('unread')}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
        </Box>
        <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
          {formatPhone(customer.phone)}
          {ownerName ? ` · ${ownerName}` : ''}
        </Typography>
      </Box>
      {archived && (
        <Tooltip title={t('unarchive')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('unarchive')}
              disabled={unarchiving}
              data-testid={`inbox-unarchive-${customer.id}`}
              onClick={(e) => {
                e.stopPropagation();
                onUnarchive(customer);
              }}
            >
              <Unarchive fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
});
