import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useRefundTransaction } from '../api/refund-transaction';
import { newAttemptKey } from '../lib/pay-attempt';
import { cardLabelOf } from '../lib/payment-format';
import { readRefundAmount } from '../lib/transactions-query';

/**
 * Refund a sale, fully or in part, in two steps: choose, then confirm what goes back to which card. The idempotency key
 * is made when the dialog opens (it is mounted per refund), so a double click or a retry after a lost answer refunds once.
 */
export function RefundDialog({ transaction, onClose }: { transaction: TPaymentTransactionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useRefundTransaction();
  const idempotencyKey = useMemo(() => newAttemptKey(), []);
  const [full, setFull] = useState(true);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [shownError, setShownError] = useState(false);
  const amount = readRefundAmount({ full, text, refundableCents: transaction.refundableCents });
  const cents = amount.ok ? (amount.amountCents ?? transaction.refundableCents) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShownError(true);
    if (!amount.ok || refund.isPending) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    refund.mutate(
      { id: transaction.id, amountCents: amount.amountCents, idempotencyKey },
      {
        onSuccess: () => {
          toastSuccess(t('refund_done', { amount: formatMoney(cents ?? 0) }));
          onClose();
        },
      },
    );
  };
  const serverError =
    refund.error instanceof ApiError ? t(refund.error.violations[0]?.message ?? refund.error.message) : refund.error ? t('refund_failed') : null;

  return (
    <FormDialog
      open
      onClose={refund.isPending ? () => undefined : onClose}
      onSubmit={submit}
      title={t('refund_title', { invoice: transaction.paymentRequest?.invoice ?? `#${transaction.id}` })}
      name="refund"
      submitLabel={confirming && cents !== null ? t('refund_confirm', { amount: formatMoney(cents) }) : t('refund_continue')}
      submitTestId="refund-submit"
      busy={refund.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('refund_refundable', { amount: formatMoney(transaction.refundableCents), card: cardLabelOf(transaction) || t('payment_card_unknown') })}
      </Typography>
      <RadioGroup
        value={full ? 'full' : 'partial'}
        onChange={(e) => {
          setFull(e.target.value === 'full');
          setConfirming(false);
        }}
      >
        <FormControlLabel
          value="full"
          control={<Radio slotProps={{ input: { 'data-testid': 'refund-full' } as object }} />}
          label={t('refund_full', { amount: formatMoney(transaction.refundableCents) })}
          disabled={confirming && refund.isPending}
        />
        <FormControlLabel
          value="partial"
          control={<Radio slotProps={{ input: { 'data-testid': 'refund-partial' } as object }} />}
          label={t('refund_partial')}
          disabled={confirming && refund.isPending}
        />
      </RadioGroup>
      {!full && (
        <TextField
          size="small"
          label={t('refund_amount')}
          value={text}
          autoFocus
          onChange={(e) => {
            setText(e.target.value);
            setConfirming(false);
          }}
          error={shownError && !amount.ok}
          helperText={shownError && !amount.ok ? t(amount.error, { amount: formatMoney(transaction.refundableCents) }) : undefined}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
      )}
      {confirming && cents !== null && (
        <Alert severity="warning" data-testid="refund-confirm-text">
          {t('refund_confirm_text', { amount: formatMoney(cents), card: cardLabelOf(transaction) || t('payment_card_unknown') })}
        </Alert>
      )}
      {serverError && (
        <Alert severity="error" data-testid="refund-error">
          {serverError}
        </Alert>
      )}
    </FormDialog>
  );
}
