import { memo, type CSSProperties } from 'react';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@cd/contracts/customer';
import { customerDisplayName } from '@cd/contracts/customer-constants';
import { ListRow } from '../../../components/ui/list-row';
import { useFormatPhone } from '../../../lib/phone-format';
import { useListTimeLabel } from '../../../lib/use-list-time-label';
import { CustomerAvatar } from './customer-avatar';
import { ResponseTimer } from './response-timer';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';

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
  /** The unassigned queue: a Take action on the row (issue 21). */
  onTake?: (c: TCustomer) => void;
  taking?: boolean;
}

export const InboxRow = memo(function InboxRow({
  customer,
  style,
  selected,
  active,
  ownerName,
  archived,
  onOpen,
  onUnarchive,
  unarchiving,
  now,
  onTake,
  taking,
}: TProps) {
  const { t } = useTranslation();
  // Re-renders once libphonenumber is in, for a number outside NANP (lib/phone-format.ts).
  const formatPhone = useFormatPhone();
  const timeLabel = useListTimeLabel();
  const unread = !customer.read;
  const name = customerDisplayName(customer);
  const last = customer.lastMessage;
  const preview = last
    ? `${last.direction === 'OUTBOUND' ? `${t('you')}: ` : ''}${last.content?.trim() || (last.hasAttachments ? t('attachment') : '')}`
    : t('no_messages_yet');
  return (
    <ListRow
      optionId={`inbox-option-${customer.id}`}
      testId={`inbox-row-${customer.id}`}
      style={style}
      selected={selected}
      active={active}
      unread={unread}
      onOpen={() => onOpen(customer)}
      avatar={
        <Box sx={{ position: 'relative', flexShrink: 0 }}>
          <CustomerAvatar customer={customer} />
        </Box>
      }
      title={name}
      time={timeLabel(last?.createdAt ?? customer.bumpedAt, now)}
      timeTitle={customer.bumpedAt ?? undefined}
      preview={preview}
      hasAttachment={!!last?.hasAttachments}
      meta={
        <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
          {formatPhone(customer.phone)}
          {ownerName ? ` · ${ownerName}` : ''}
          <ResponseTimer dueAt={customer.responseDueAt} now={now} />
        </Typography>
      }
      trailing={
        onTake ? (
          <Button
            size="small"
            variant="outlined"
            disabled={taking}
            data-testid={`inbox-take-${customer.id}`}
            onClick={(e) => {
              e.stopPropagation();
              onTake(customer);
            }}
          >
            {t('routing_take')}
          </Button>
        ) : (
          archived && (
            <LazyTooltip title={t('unarchive')}>
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
            </LazyTooltip>
          )
        )
      }
    />
  );
});
