import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPublicPaymentReceipt } from '@cd/contracts/payments';
import { cardLabelOf } from '../lib/payment-format';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The receipt: amount, card (brand and last 4 only), when, our reference, and where it was e-mailed. */
export function PaymentReceipt({ receipt, formatTime }: { receipt: TPublicPaymentReceipt | null; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="payment-receipt" role="status">
      <Box sx={{ textAlign: 'center', py: 1 }}>
        <CheckCircle color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('pay_paid_title')}
        </Typography>
        {receipt && (
          <Typography variant="h4" component="div" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="payment-receipt-amount">
            {formatMoney(receipt.amountCents)}
          </Typography>
        )}
      </Box>
      {receipt && (
        <Box>
          {receipt.invoice && <Row label={t('pay_invoice')} value={receipt.invoice} />}
          <Row label={t('pay_paid_at')} value={formatTime(receipt.paidAt)} />
          {(receipt.cardBrand || receipt.cardLast4) && <Row label={t('pay_card')} value={cardLabelOf(receipt)} testId="payment-receipt-card" />}
          <Row label={t('pay_reference')} value={receipt.reference} />
          {receipt.emailedTo && <Row label={t('pay_receipt_emailed_to')} value={receipt.emailedTo} />}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('pay_thanks')}
      </Typography>
    </Box>
  );
}
