import Chip from '@mui/material/Chip';
import type { TArStatementStatus } from '@cd/contracts/accounting';
import { useTranslation } from 'react-i18next';

const COLORS = { open: 'default', sent: 'info', paid: 'success' } as const;

/** A statement's status (open, sent, paid). */
export function ArStatusChip({ status }: { status: TArStatementStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`ar_status_${status}`)} data-testid={`ar-status-${status}`} />;
}
