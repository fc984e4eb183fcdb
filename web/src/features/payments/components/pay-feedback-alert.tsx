import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { TPayFeedback } from '../lib/pay-outcome';

/** A decline, an error or a charge being confirmed, with what the customer can do next. */
export function PayFeedbackAlert({ feedback, onTryAgain }: { feedback: TPayFeedback; onTryAgain: () => void }) {
  const { t } = useTranslation();
  if (feedback.kind === 'declined')
    return (
      <Alert
        severity="error"
        role="alert"
        data-testid="payment-declined"
        action={
          <Button color="inherit" size="small" onClick={onTryAgain} data-testid="payment-try-again" autoFocus>
            {t('pay_try_again')}
          </Button>
        }
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{t('pay_declined_title')}</AlertTitle>
        {t(feedback.messageKey)}
      </Alert>
    );
  if (feedback.kind === 'error')
    return (
      <Alert severity="warning" role="alert" data-testid="payment-error">
        {t(feedback.messageKey)}
      </Alert>
    );
  if (feedback.kind === 'pending')
    return (
      <Alert severity="info" role="status" data-testid="payment-pending">
        {t('pay_pending')}
      </Alert>
    );
  return null;
}
