import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import { useCardPayment } from '../hooks/use-card-payment';
import { loadPayJs, paymentKeyOf, type TPayJsCard, type TPayJsClient } from '../lib/pay-js';
import { CardFieldsError } from '../lib/pay-outcome';
import { PayFeedbackAlert } from './pay-feedback-alert';

const CONTAINER_ID = 'usaepay-card-fields';

/**
 * USAePay: the card fields are Pay.js's own iframe (the card never reaches this page's code or our server); Pay.js
 * mints the one-time payment key that the charge carries. Not testable here (no network to usaepay.com): kept small.
 */
export function UsaepayCardForm({ code, amountCents, publicKey }: { code: string; amountCents: number; publicKey: string }) {
  const { t } = useTranslation();
  const client = useRef<{ client: TPayJsClient; card: TPayJsCard } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadPayJs()
      .then((usaepay) => {
        if (cancelled) return;
        const c = new usaepay.Client(publicKey);
        const card = c.createPaymentCardEntry();
        card.generateHTML({});
        card.addHTML(CONTAINER_ID);
        card.addEventListener('error', (message: string) => setFieldError(message || null));
        client.current = { client: c, card };
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [publicKey]);

  const getPaymentKey = useCallback(async () => {
    const c = client.current;
    if (!c) throw new CardFieldsError();
    const key = paymentKeyOf(await c.client.getPaymentKey(c.card));
    if (!key.ok) {
      setFieldError(key.message);
      throw new CardFieldsError();
    }
    return key.key;
  }, []);
  const p = useCardPayment({ code, getPaymentKey });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    void p.pay();
  };

  if (state === 'failed') return <Alert severity="error">{t('pay_form_unavailable')}</Alert>;
  if (p.feedback?.kind === 'declined') return <PayFeedbackAlert feedback={p.feedback} onTryAgain={p.tryAgain} />;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="payment-card-form">
      {p.feedback && <PayFeedbackAlert feedback={p.feedback} onTryAgain={p.tryAgain} />}
      {state === 'loading' && <CircularProgress size={24} sx={{ alignSelf: 'center' }} aria-label={t('loading')} />}
      <Box id={CONTAINER_ID} sx={{ minHeight: state === 'ready' ? 120 : 0 }} />
      {fieldError && <Alert severity="warning">{fieldError}</Alert>}
      <TextField
        label={t('card_receipt_email')}
        type="email"
        value={p.draft.email}
        onChange={(e) => p.setField('email', e.target.value)}
        helperText={t('card_receipt_email_hint')}
        autoComplete="email"
        slotProps={{ htmlInput: { inputMode: 'email', maxLength: 254 } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={p.busy || state !== 'ready'}
        startIcon={<LockOutlined />}
        sx={{ py: 1.5, fontWeight: 700 }}
      >
        {p.busy ? t('pay_processing') : t('pay_amount', { amount: formatMoney(amountCents) })}
      </Button>
    </Box>
  );
}
