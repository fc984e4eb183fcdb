import type { FormEvent } from 'react';
import CreditCard from '@mui/icons-material/CreditCard';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import { useCardPayment } from '../hooks/use-card-payment';
import { cardBrandOf, formatCardNumberInput, formatExpiryInput } from '../lib/card-form';
import { CARD_BRAND_NAMES } from '../lib/payment-format';
import { PayFeedbackAlert } from './pay-feedback-alert';

/**
 * The simulator's card fields (the embedded default: no real card is charged). The card goes to the tokenise step
 * only; the charge carries the one-time key it returns.
 */
export function SimulatorCardForm({ code, amountCents }: { code: string; amountCents: number }) {
  const { t } = useTranslation();
  const p = useCardPayment({ code });
  const brand = cardBrandOf(p.draft.number);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void p.pay();
  };
  const err = (field: keyof typeof p.errors) => (p.errors[field] ? t(p.errors[field]!) : undefined);
  const showForm = !p.feedback || p.feedback.kind === 'error' || p.feedback.kind === 'pending';

  if (p.feedback?.kind === 'declined') return <PayFeedbackAlert feedback={p.feedback} onTryAgain={p.tryAgain} />;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="payment-card-form"
      aria-busy={p.busy}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
        <CreditCard fontSize="small" /> {t('pay_by_card')}
      </Typography>
      {p.feedback && <PayFeedbackAlert feedback={p.feedback} onTryAgain={p.tryAgain} />}
      {showForm && (
        <>
          <TextField
            label={t('card_number')}
            value={p.draft.number}
            onChange={(e) => p.setField('number', formatCardNumberInput(e.target.value))}
            error={!!p.errors.number}
            helperText={err('number')}
            autoComplete="cc-number"
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number', maxLength: 23, 'aria-describedby': 'card-brand' },
              input: {
                endAdornment: brand !== 'other' && (
                  <InputAdornment position="end">
                    <Typography id="card-brand" variant="caption" color="text.secondary" data-testid="card-brand">
                      {CARD_BRAND_NAMES[brand]}
                    </Typography>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
            <TextField
              label={t('card_expiry')}
              placeholder={t('card_expiry_placeholder')}
              value={p.draft.expiry}
              onChange={(e) => p.setField('expiry', formatExpiryInput(e.target.value, p.draft.expiry))}
              error={!!p.errors.expiry}
              helperText={err('expiry')}
              autoComplete="cc-exp"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'card-expiry' } }}
            />
            <TextField
              label={t('card_cvc')}
              value={p.draft.cvc}
              onChange={(e) => p.setField('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
              error={!!p.errors.cvc}
              helperText={err('cvc')}
              autoComplete="cc-csc"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' } }}
            />
          </Box>
          <TextField
            label={t('card_receipt_email')}
            type="email"
            value={p.draft.email}
            onChange={(e) => p.setField('email', e.target.value)}
            error={!!p.errors.email}
            helperText={err('email') ?? t('card_receipt_email_hint')}
            autoComplete="email"
            slotProps={{ htmlInput: { inputMode: 'email', maxLength: 254, 'data-testid': 'card-email' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={p.busy}
            startIcon={p.busy ? <CircularProgress size={18} color="inherit" /> : <LockOutlined />}
            sx={{ py: 1.5, fontWeight: 700 }}
            data-testid="payment-pay"
          >
            {p.busy ? t('pay_processing') : t('pay_amount', { amount: formatMoney(amountCents) })}
          </Button>
          <Alert severity="info" variant="outlined" icon={false} sx={{ fontSize: 12 }} data-testid="payment-test-mode">
            {t('pay_simulator_note')}
          </Alert>
        </>
      )}
    </Box>
  );
}
