import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast';
import { usePartsTickets, type TTicketResource } from '../api/get-parts-tickets';
import { useSendPartsTicket } from '../api/send-parts-ticket';
import { PartsStatusChip } from './status-chip';

/** One account's sales or counter tickets, newest first, each sendable by text while unpaid and not on a statement. */
export function PartsTicketList({ resource, customerId }: { resource: TTicketResource; customerId: number }) {
  const { t } = useTranslation();
  const list = usePartsTickets(resource, customerId);
  const send = useSendPartsTicket();
  if (list.isPending) return <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />;
  if (list.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}>
        {t('parts_load_error')}
      </Alert>
    );
  if (!list.data.member.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="parts-tickets-empty">
        {t('parts_no_tickets')}
      </Typography>
    );
  return (
    <Box data-testid="parts-ticket-list">
      {list.data.member.map((ticket) => {
        const sendable = ticket.status === 'unpaid' && ticket.statement === null && ticket.totalCents > 0;
        const busy = send.isPending && send.variables?.id === ticket.id;
        return (
          <Box
            key={ticket.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
            data-testid={`parts-ticket-${ticket.id}`}
          >
            <Box sx={{ flex: 1, minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {ticket.number}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {ticket.date} · {t('parts_lines_count', { count: ticket.lines.length })}
                {ticket.statement ? ` · ${t('parts_on_statement')}` : ''}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(ticket.totalCents)}
            </Typography>
            <PartsStatusChip status={ticket.status} />
            {sendable && (
              <Button
                size="small"
                disabled={busy}
                onClick={() => send.mutate({ resource, id: ticket.id }, { onSuccess: () => toastSuccess(t('parts_sent')) })}
                data-testid={`parts-ticket-send-${ticket.id}`}
              >
                {ticket.sentAt ? t('parts_send_again') : t('parts_send')}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
