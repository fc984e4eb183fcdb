import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { TCronRunOutcome } from '@cd/contracts/cron-jobs';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TCronRunOutcome, 'info' | 'success' | 'error' | 'default'> = {
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A run's outcome; a failed run's error shows on hover and keyboard focus. */
export function CronRunOutcomeChip({ outcome, error }: { outcome: TCronRunOutcome; error?: string | null }) {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      color={COLORS[outcome]}
      variant={outcome === 'succeeded' ? 'outlined' : 'filled'}
      label={t(`cron_outcome_${outcome}`)}
      data-testid="cron-run-outcome"
      data-outcome={outcome}
      tabIndex={error ? 0 : undefined}
    />
  );
  if (!error) return chip;
  return (
    <Tooltip title={error} describeChild>
      {chip}
    </Tooltip>
  );
}
