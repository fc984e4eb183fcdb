import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useRecipients } from '../api/get-group-message-recipients';
import { isRecipientFilter, recipientLabel, type TRecipientFilter, type TRecipientLabel } from '../lib/recipients-query';
import { RECIPIENT_STATUSES, type TGroupMessage } from '../lib/types';
import { GroupProgressBar } from './group-progress-bar';

const LABEL_COLOR: Record<TRecipientLabel, 'default' | 'success' | 'info' | 'error' | 'warning'> = {
  skipped_opted_out: 'warning',
  skipped: 'warning',
  pending: 'default',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'error',
};

/** Per-recipient delivery table of one group message, filterable by status, keyset paged. */
export function RecipientsDialog({ message, onClose }: { message: TGroupMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<TRecipientFilter>('all');
  const recipients = useRecipients(message.id, filter);
  const rows = recipients.data?.pages.flatMap((p) => p.member) ?? [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="group-recipients-title" data-testid={`group-recipients-${message.id}`}>
      <DialogTitle id="group-recipients-title">{t('delivery_report')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {message.content && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {message.content}
          </Typography>
        )}
        {message.status !== 'scheduled' && <GroupProgressBar stats={message.recipients} id={message.id} />}
        <TextField
          select
          size="small"
          label={t('status')}
          value={filter}
          onChange={(e) => isRecipientFilter(e.target.value) && setFilter(e.target.value)}
          sx={{ width: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'group-recipients-filter' } }}
        >
          <MenuItem value="all">{t('all_statuses')}</MenuItem>
          {RECIPIENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s} data-testid={`group-recipients-filter-${s}`}>
              {t(`recipient_filter_${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {recipients.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void recipients.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('recipients_load_failed')}
          </Alert>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('delivery_report')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('name')}</TableCell>
                <TableCell>{t('phone')}</TableCell>
                <TableCell>{t('channel')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell>{t('details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {recipients.isPending &&
                Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {recipients.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }} data-testid="group-recipients-empty">
                    {t('no_recipients')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => {
                const label = recipientLabel(r);
                return (
                  <TableRow key={r.messageId} data-testid={`group-recipient-row-${r.messageId}`} data-status={r.status}>
                    <TableCell>{r.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(r.phone)}</TableCell>
                    <TableCell>{r.channel ? t(`channel_${r.channel}`, { defaultValue: r.channel }) : ''}</TableCell>
                    <TableCell>
                      <Chip size="small" variant={label.startsWith('skipped') ? 'outlined' : 'filled'} color={LABEL_COLOR[label]} label={t(`recipient_${label}`)} />
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary', fontSize: 13 }}>{r.errorMessage ? translateMessage(r.errorMessage) : (r.errorCode ?? '')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {recipients.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button onClick={() => void recipients.fetchNextPage()} disabled={recipients.isFetchingNextPage} data-testid="group-recipients-more">
              {recipients.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
