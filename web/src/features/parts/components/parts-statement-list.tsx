import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast';
import { usePartsStatements } from '../api/get-parts-statements';
import { useSendPartsStatement } from '../api/send-parts-statement';
import { PartsStatusChip } from './status-chip';

/** One account's statements: period, amount, tickets on it, status; unpaid ones can be sent with a payment link. */
export function PartsStatementList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const list = usePartsStatements(customerId);
  const send = useSendPartsStatement();
  if (list.isPending) return <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />;
  if (list.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}>
        {t('parts_load_error')}
      </Alert>
    );
  if (!list.data.member.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="parts-statements-empty">
        {t('parts_no_statements')}
      </Typography>
    );
  return (
    <Box data-testid="parts-statement-list">
      {list.data.member.map((st) => (
        <Box
          key={st.id}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
          data-testid={`parts-statement-${st.id}`}
        >
          <Box sx={{ flex: 1, minWidth: 140 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {st.number}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {st.from} – {st.to} · {t('parts_tickets_count', { count: st.tickets.length })}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(st.amountCents)}
          </Typography>
          <PartsStatusChip status={st.status} />
          {st.status !== 'paid' && st.amountCents > 0 && (
            <Button
              size="small"
              disabled={send.isPending && send.variables === st.id}
              onClick={() => send.mutate(st.id, { onSuccess: () => toastSuccess(t('parts_sent')) })}
              data-testid={`parts-statement-send-${st.id}`}
            >
              {st.sentAt ? t('parts_send_again') : t('parts_send')}
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}
