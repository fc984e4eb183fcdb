import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TStatusClass, TWebhookOutcome, TWebhookVerification } from '@cd/contracts/dev-logs';

const CLASS_COLOURS: Record<TStatusClass, ChipProps['color']> = { '2xx': 'success', '3xx': 'info', '4xx': 'warning', '5xx': 'error', none: 'default' };
const VERIFICATION_COLOURS: Record<TWebhookVerification, ChipProps['color']> = {
  valid: 'success',
  replayed: 'info',
  duplicate: 'default',
  bad_signature: 'error',
  unknown_company: 'warning',
  malformed: 'warning',
};
const OUTCOME_COLOURS: Record<TWebhookOutcome, ChipProps['color']> = { processed: 'success', ignored: 'default', failed: 'error' };

export function statusClassOf(status: number | null): TStatusClass {
  if (status === null || status < 200 || status >= 600) return 'none';
  return `${Math.floor(status / 100)}xx` as TStatusClass;
}

/** An HTTP status coloured by its class; no answer (network error, timeout) reads as such. */
export function StatusChip({ status, statusClass }: { status: number | null; statusClass?: TStatusClass }) {
  const { t } = useTranslation();
  const cls = statusClass ?? statusClassOf(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CLASS_COLOURS[cls]}
      label={status === null ? t('dev_no_answer') : status}
      data-testid="dev-status-chip"
      data-class={cls}
      sx={{ fontFamily: 'monospace', fontWeight: 600 }}
    />
  );
}

export function VerificationChip({ value }: { value: TWebhookVerification }) {
  const { t } = useTranslation();
  return <Chip size="small" color={VERIFICATION_COLOURS[value]} label={t(`dev_verification_${value}`)} data-testid="dev-verification-chip" />;
}

export function OutcomeChip({ value }: { value: TWebhookOutcome }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={OUTCOME_COLOURS[value]} label={t(`dev_outcome_${value}`)} data-testid="dev-outcome-chip" />;
}
