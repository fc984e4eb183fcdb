import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TArStatement } from '@cd/contracts/accounting';
import { formatMoney } from '@cd/contracts/payment-money';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDownloadStatementPdf } from '../api/download-statement-pdf';
import { useStatements } from '../api/get-statements';
import { useSendStatement } from '../api/send-statement';
import { arErrorKeyOf, statementFileName } from '../lib/ar-screen';
import { saveBlob } from '../../../lib/save-blob';
import { ArStatusChip } from './ar-status-chip';

const day = (d: string) => dayjs(d).format('MM/DD/YYYY');

/** One account's statements: period, amount, status; the PDF, and sending by text with a payment link. */
export function ArStatementList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const list = useStatements(customerId);
  const send = useSendStatement();
  const pdf = useDownloadStatementPdf();
  const [sendError, setSendError] = useState<{ id: number; message: string } | null>(null);

  const download = (st: TArStatement) =>
    pdf.mutate(st, {
      onSuccess: (blob) => saveBlob({ blob, fileName: statementFileName(st) }),
      onError: () => toastError(t('ar_pdf_error')),
    });
  const sendOne = (st: TArStatement) => {
    setSendError(null);
    send.mutate(st.id, {
      onSuccess: () => toastSuccess(t('ar_statement_sent')),
      onError: (err) => {
        const key = err instanceof ApiError ? arErrorKeyOf(err.body) : null;
        setSendError({ id: st.id, message: key ? t(key) : err instanceof ApiError ? describeError(err.body, t) : t('ar_load_error') });
      },
    });
  };

  if (list.isPending) return <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />;
  if (list.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>} data-testid="ar-statements-error">
        {t('ar_load_error')}
      </Alert>
    );
  if (!list.data.member.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="ar-statements-empty">
        {t('ar_no_statements')}
      </Typography>
    );
  return (
    <Box data-testid="ar-statement-list">
      {list.data.member.map((st) => (
        <Box key={st.id} sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }} data-testid={`ar-statement-${st.id}`}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 160 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('ar_statement_title', { id: st.id })} · {day(st.from)} – {day(st.to)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('ar_transactions_count', { count: st.transactionCount })}
                {st.paidAt
                  ? ` · ${t('ar_paid_at', { time: formatDateTime(st.paidAt) })}`
                  : st.sentAt
                    ? ` · ${t('ar_sent_at', { time: formatDateTime(st.sentAt) })}`
                    : ''}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {formatMoney(st.amount)}
            </Typography>
            <ArStatusChip status={st.status} />
            <Button
              size="small"
              startIcon={<PictureAsPdfOutlined />}
              disabled={pdf.isPending && pdf.variables?.pdfUrl === st.pdfUrl}
              onClick={() => download(st)}
              data-testid={`ar-statement-pdf-${st.id}`}
            >
              {t('ar_pdf')}
            </Button>
            {st.status !== 'paid' && st.amount > 0 && (
              <Button
                size="small"
                startIcon={<SendOutlined />}
                disabled={send.isPending && send.variables === st.id}
                onClick={() => sendOne(st)}
                data-testid={`ar-statement-send-${st.id}`}
              >
                {st.sentAt ? t('ar_send_again') : t('ar_send')}
              </Button>
            )}
          </Box>
          {sendError?.id === st.id && (
            <Alert severity="error" sx={{ mt: 1 }} onClose={() => setSendError(null)} data-testid={`ar-statement-send-error-${st.id}`}>
              {sendError.message}
            </Alert>
          )}
        </Box>
      ))}
    </Box>
  );
}
