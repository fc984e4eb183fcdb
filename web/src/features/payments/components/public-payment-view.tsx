import EventBusy from '@mui/icons-material/EventBusy';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPublicPaymentPage } from '@cd/contracts/payments';
import { ApiError } from '../../../lib/api-client';
import { usePublicPayment } from '../api/get-public-payment';
import { PaymentReceipt } from './payment-receipt';
import { PaymentSummary } from './payment-summary';
import { SimulatorCardForm } from './simulator-card-form';
import { UsaepayCardForm } from './usaepay-card-form';

/** Times on the receipt: the visitor's own locale and zone (their phone). */
function formatReceiptTime(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

function CardForm({ page, code }: { page: TPublicPaymentPage; code: string }) {
  const { t } = useTranslation();
  const form = page.cardForm;
  if (form?.kind === 'simulator') return <SimulatorCardForm code={code} amountCents={page.amountCents} />;
  if (form?.kind === 'usaepay') return <UsaepayCardForm code={code} amountCents={page.amountCents} publicKey={form.publicKey} />;
  return (
    <Alert severity="info" data-testid="payment-form-unavailable">
      {t('pay_form_unavailable')}
    </Alert>
  );
}

function Closed({ state }: { state: 'expired' | 'cancelled' }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      icon={state === 'expired' ? <EventBusy /> : <HighlightOff />}
      data-testid={`payment-${state}`}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
        {t(state === 'expired' ? 'pay_expired_title' : 'pay_cancelled_title')}
      </Typography>
      {t(state === 'expired' ? 'pay_expired_text' : 'pay_cancelled_text')}
    </Alert>
  );
}

function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  const key = status === 404 || status === 400 ? 'link_not_found' : status === 410 ? 'link_expired' : 'public_page_load_failed';
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={key === 'public_page_load_failed' ? 'error' : 'info'} data-testid="payment-page-error" data-error={key}>
        <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
          {t(key)}
        </Typography>
        {key !== 'public_page_load_failed' && t(`${key}_hint`)}
      </Alert>
      {key === 'public_page_load_failed' && (
        <Button variant="outlined" onClick={onRetry}>
          {t('public_page_retry')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The public payment page's body (a customer link of purpose "payment", inside the public pages' branded frame): what
 * is owed, the lines and totals, and the card form; or the receipt once paid; or why it can no longer be paid.
 */
export function PublicPaymentView({ code, fallback }: { code: string; fallback?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const query = usePublicPayment(code);
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  // Opened after the link page said 410: a code that is no payment link shows the link page's own answer.
  if (query.isError && fallback !== undefined && query.error instanceof ApiError && [400, 404, 410].includes(query.error.status)) return <>{fallback}</>;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  return (
    <Box sx={{ px: 2, pt: 2, pb: 3, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="payment-page" data-state={page.state}>
      {page.state === 'paid' ? (
        <PaymentReceipt receipt={page.receipt} formatTime={(iso) => formatReceiptTime(iso, i18n.language)} />
      ) : (
        <Box>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
            {t('pay_title')}
          </Typography>
          <Box sx={{ mt: 1.5, p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
            <Typography variant="overline" color="text.secondary">
              {t('pay_amount_due')}
            </Typography>
            <Typography variant="h4" component="div" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="payment-amount-due">
              {formatMoney(page.amountCents)}
            </Typography>
          </Box>
        </Box>
      )}
      {(page.state === 'expired' || page.state === 'cancelled') && <Closed state={page.state} />}
      <PaymentSummary page={page} />
      {page.state === 'payable' && (
        <>
          <Divider />
          <CardForm page={page} code={code} />
        </>
      )}
    </Box>
  );
}
