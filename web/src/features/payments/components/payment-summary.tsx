import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPublicPaymentPage } from '@cd/contracts/payments';
import { formatLineQuantity } from '../lib/payment-format';

function TotalRow({ label, cents, strong, testId }: { label: string; cents: number; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} data-testid={testId}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }} color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(cents)}
      </Typography>
    </Box>
  );
}

/** What is owed: invoice, bill-to, the lines (quantity × unit price, tax) and the totals. */
export function PaymentSummary({ page }: { page: TPublicPaymentPage }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }} data-testid="payment-summary">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {page.invoice && (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('pay_invoice')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="payment-invoice">
              {page.invoice}
            </Typography>
          </Box>
        )}
        {page.billTo && (
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('pay_bill_to')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {page.billTo}
            </Typography>
          </Box>
        )}
      </Box>
      {page.lines.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('pay_lines')}>
          {page.lines.map((line, i) => (
            <Box
              component="li"
              key={i}
              sx={{ display: 'flex', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', alignItems: 'baseline' }}
              data-testid="payment-line"
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {line.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatLineQuantity(line.quantity)} × {formatMoney(line.unitPriceCents)}
                  {line.taxCents !== 0 ? ` · ${t('pay_tax_amount', { amount: formatMoney(line.taxCents) })}` : ''}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(line.totalCents)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Divider />
      <TotalRow label={t('pay_subtotal')} cents={page.subtotalCents} />
      <TotalRow label={t('pay_tax')} cents={page.taxCents} />
      <TotalRow label={t('pay_total')} cents={page.amountCents} strong testId="payment-total" />
    </Box>
  );
}
