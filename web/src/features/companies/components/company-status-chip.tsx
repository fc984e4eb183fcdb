import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TCompanyStatus } from '@cd/contracts/company';

const COLORS: Record<TCompanyStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'default',
  inactive_forwarding: 'warning',
};

/** Spec part 2 §4: the company's status as a label (active, inactive, inactive with client forwarding). */
export function CompanyStatusChip({ status, testId }: { status: TCompanyStatus; testId?: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={t(`company_status_${status}`)} data-testid={testId} />;
}
