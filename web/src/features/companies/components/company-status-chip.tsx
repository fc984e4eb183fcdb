import { useState } from 'react';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { COMPANY_STATUSES, type TCompanyStatus } from '@cd/contracts/company';

const COLORS: Record<TCompanyStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'default',
  inactive_forwarding: 'warning',
};

/**
 * Spec part 2 §4: the company's status as a label (active, inactive, inactive with client forwarding). With
 * `onChange` (super admins) the chip opens a menu of the statuses; `busy` disables it while a change is saved.
 */
export function CompanyStatusChip(props: {
  status: TCompanyStatus;
  testId?: string;
  companyName?: string;
  busy?: boolean;
  onChange?: (status: TCompanyStatus) => void;
}) {
  const { status, testId, onChange } = props;
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t(`company_status_${status}`);
  if (!onChange) return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={label} data-testid={testId} />;
  const choose = (next: TCompanyStatus) => {
    setAnchor(null);
    if (next !== status) onChange(next);
  };
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[status] ?? 'default'}
        label={label}
        icon={<ArrowDropDown />}
        disabled={props.busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={`${t('change_status')}: ${props.companyName ?? label}`}
        data-testid={testId}
        sx={{ '& .MuiChip-icon': { order: 1, mr: 0.25, ml: -0.5 } }}
      />
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid={testId ? `${testId}-menu` : undefined}>
        {COMPANY_STATUSES.map((s) => (
          <MenuItem key={s} selected={s === status} onClick={() => choose(s)} data-testid={`company-status-option-${s}`}>
            <ListItemIcon>{s === status && <Check fontSize="small" />}</ListItemIcon>
            {t(`company_status_${s}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
