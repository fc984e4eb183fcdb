import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOR = { unpaid: 'warning', open: 'default', sent: 'info', paid: 'success' } as const;

/** A ticket's or statement's status. */
export function PartsStatusChip({ status }: { status: keyof typeof COLOR }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`parts_status_${status}`)} />;
}
